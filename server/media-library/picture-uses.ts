import type { SiteContent } from '../../content/content-documents.ts';
import { pathText } from '../../src/validation/content-editor/document-problems.ts';
import type { MediaUse } from '../../src/validation/media-library/media-library.protocol.ts';

/*
 * Where content uses each picture (README.md, "Pictures in the console"): every picture
 * reference of every document, `{ key, alt }` (content/structs/common.struct.ts' ImageRef,
 * an object of exactly those two strings), with the document's name and the field's path in
 * it, written as the build's validation writes paths (`items[2].image`).
 */

function isPictureRef(value: object): value is { key: string; alt: string } {
  const keys = Object.keys(value);
  return keys.length === 2 && typeof (value as { key?: unknown }).key === 'string' && typeof (value as { alt?: unknown }).alt === 'string';
}

/** Every use of every picture in `content`, by key. */
export function pictureUses(content: SiteContent): Map<string, MediaUse[]> {
  const uses = new Map<string, MediaUse[]>();
  const visit = (document: string, value: unknown, path: Array<string | number>) => {
    if (Array.isArray(value)) {
      value.forEach((item, index) => visit(document, item, [...path, index]));
    } else if (value !== null && typeof value === 'object') {
      if (isPictureRef(value)) {
        const list = uses.get(value.key) ?? [];
        list.push({ document, path: pathText(path) });
        uses.set(value.key, list);
        return;
      }
      for (const [name, field] of Object.entries(value)) visit(document, field, [...path, name]);
    }
  };
  for (const [document, value] of Object.entries(content)) visit(document, value, []);
  return uses;
}
