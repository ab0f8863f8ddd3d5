// Pages prerendered for one value of a query parameter: `index@category=control-room.html` is
// the home page as `/?category=control-room` shows it (the project grid already filtered), so
// the address works without JavaScript and its first paint is already the filtered grid. The
// build names them so (src/entry-server.tsx, categoryVariantFile); the server answers the page's
// address with the variant its query asks for, and with the page itself for any other value.
import type { MemoryFile } from './static-files-in-memory.ts';

const VARIANT_FILE = /^(.*)@([a-z][a-z0-9-]*)=([a-z0-9-]+)\.html$/;

export interface QueryVariant {
  /** The page it is a variant of, relative to the root: `index.html`. */
  page: string;
  name: string;
  value: string;
}

export function queryVariantOf(relative: string): QueryVariant | undefined {
  const match = VARIANT_FILE.exec(relative);
  return match ? { page: `${match[1]}.html`, name: match[2]!, value: match[3]! } : undefined;
}

/** A page's variants by query parameter and value. */
export type VariantsOf = Map<string, Map<string, MemoryFile>>;

/** Groups the variant files under their pages; the rest are ordinary files. */
export function groupQueryVariants(files: readonly MemoryFile[]): { pages: MemoryFile[]; variants: Map<string, VariantsOf> } {
  const pages: MemoryFile[] = [];
  const variants = new Map<string, VariantsOf>();
  for (const file of files) {
    const variant = queryVariantOf(file.relative);
    if (!variant) {
      pages.push(file);
      continue;
    }
    const byName = variants.get(variant.page) ?? new Map<string, Map<string, MemoryFile>>();
    variants.set(variant.page, byName);
    const byValue = byName.get(variant.name) ?? new Map<string, MemoryFile>();
    byName.set(variant.name, byValue);
    byValue.set(variant.value, file);
  }
  return { pages, variants };
}

/** The variant the request's query string asks for, if the page has one for it. */
export function chooseVariant(variants: VariantsOf, url: string): MemoryFile | undefined {
  const query = url.indexOf('?');
  if (query === -1) return undefined;
  const params = new URLSearchParams(url.slice(query + 1));
  for (const [name, byValue] of variants) {
    const value = params.get(name);
    const file = value === null ? undefined : byValue.get(value);
    if (file) return file;
  }
  return undefined;
}
