// A document checked against its struct, field by field, in the words the build uses
// (content/README.md), and against the maxima of content/content-limits.ts: the console shows
// each message beside its field, and the server refuses a publish with the same list
// (CONTENT_ERROR.invalidDocument, or CONTENT_ERROR.tooLong for a text or document over its
// maximum). Browser-safe.
import { StructError, validate } from 'superstruct';
import { contentDocuments, type ContentDocument, type DocumentName } from '../../../content/content-documents.ts';
import { lengthProblems } from '../../../content/content-limits.ts';
import type { Problem } from './content-editor.protocol.ts';
import { problemMessage } from './problem-messages.ts';

/** ["items", 2, "title"] → "items[2].title" (the build's content/validate-content.ts writes paths so). */
export function pathText(path: ReadonlyArray<string | number>): string {
  return path.reduce<string>((text, key) => (typeof key === 'number' ? `${text}[${key}]` : text === '' ? key : `${text}.${key}`), '');
}

/**
 * The struct's problems, each in the words of problem-messages.ts, then each text over its
 * maximum that the struct did not already say something of (one message a field).
 */
export function structProblems(error: StructError | undefined, tooLong: Problem[]): Problem[] {
  if (error === undefined) return tooLong;
  const own = error.failures().map((failure) => ({ path: pathText(failure.path), message: problemMessage(failure) }));
  const said = new Set(own.map((problem) => problem.path));
  return [...own, ...tooLong.filter((problem) => !said.has(problem.path))];
}

/** Every field of `document` its struct refuses, and every text over its maximum; empty when the document is valid. */
export function documentProblems(name: DocumentName, document: unknown): Problem[] {
  const tooLong = lengthProblems(document);
  const { struct }: ContentDocument = contentDocuments[name];
  const [error] = validate(document, struct);
  return structProblems(error instanceof StructError ? error : undefined, tooLong);
}
