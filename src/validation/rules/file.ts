// file: every value is a File whose extension or media type is in `accept`. Entries are
// extensions (".pdf") or media types ("application/pdf", "image/*"). A media type matches the
// File's declared type or, as swv does, any extension WordPress maps to that type: browsers
// and multipart parsers often send an empty or generic type. (The server also checks content.)
import { everyFile } from '../field-values.ts';
import type { RuleCheck } from '../rule.ts';
import { extensionsFor } from './media-types.ts';

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

export function isAcceptedFile(file: File, accept: ReadonlyArray<string | number>): boolean {
  const extension = extensionOf(file.name);
  const type = file.type.toLowerCase();
  return accept.some((entry) => {
    const wanted = String(entry).trim().toLowerCase();
    if (wanted.startsWith('.')) return extension !== '' && wanted === `.${extension}`;
    const [top = '', sub = ''] = wanted.split('/');
    if (sub === '*' ? type.startsWith(`${top}/`) : type === wanted) return true;
    return extension !== '' && extensionsFor(wanted).includes(extension);
  });
}

export const file: RuleCheck = (rule, values) => everyFile(values, rule.field, (upload) => isAcceptedFile(upload, rule.accept ?? []));
