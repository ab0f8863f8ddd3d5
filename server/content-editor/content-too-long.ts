import { lengthProblems } from '../../content/content-limits.ts';
import { CONTENT_ERROR } from '../../src/validation/content-editor/content-editor.protocol.ts';
import { RestError } from '../http/rest-error.ts';

/**
 * A draft over the maxima of content/content-limits.ts is refused before anything reads it
 * further (README.md, "Abuse paths and the limits that stop them"): 400 content_too_long, naming
 * the first field over its maximum (`data.field`) and listing each (`data.problems`), as the
 * editor shows them beside the fields.
 */
export function refuseTooLong(draft: unknown): void {
  const problems = lengthProblems(draft);
  const first = problems[0];
  if (first === undefined) return;
  const where = first.path === '' ? 'The document' : `The field ${first.path}`;
  throw new RestError(400, CONTENT_ERROR.tooLong, `${where} is too long. ${first.message}`, { field: first.path, problems });
}
