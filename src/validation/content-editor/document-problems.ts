// A document checked against its struct, field by field, in the words the build uses
// (content/README.md): the console shows each message beside its field, and the server refuses
// a publish with the same list (CONTENT_ERROR.invalidDocument). Browser-safe.
import { StructError, validate } from 'superstruct';
import { contentDocuments, type ContentDocument, type DocumentName } from '../../../content/content-documents.ts';
import type { Problem } from './content-editor.protocol.ts';

/** ["items", 2, "title"] → "items[2].title" (the build's content/validate-content.ts writes paths so). */
export function pathText(path: ReadonlyArray<string | number>): string {
  return path.reduce<string>((text, key) => (typeof key === 'number' ? `${text}[${key}]` : text === '' ? key : `${text}.${key}`), '');
}

/** Every field of `document` its struct refuses; empty when the document is valid. */
export function documentProblems(name: DocumentName, document: unknown): Problem[] {
  const { struct }: ContentDocument = contentDocuments[name];
  const [error] = validate(document, struct);
  if (!(error instanceof StructError)) return [];
  return error.failures().map((failure) => ({ path: pathText(failure.path), message: failure.message }));
}
