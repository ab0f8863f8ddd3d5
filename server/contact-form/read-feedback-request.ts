import type { FormDefinition, MessageKey } from '../../content/forms/index.ts';
import { fieldKey, lastValueWins } from '../../src/validation/field-values.ts';
import { UNSAFE_CHARACTERS } from '../http/unsafe-characters.ts';
import { fieldTooLarge, malformedMultipart, tooManyFields, tooManyFiles } from './feedback-errors.ts';
import { FILE_HEAD_BYTES, verifyFileType, type FileKind } from './file-content.ts';
import { fileFieldsOf, multipartLimits } from './multipart-limits.ts';

/** A file that passed the size and content checks, held in memory until it is stored. */
export interface UploadedFile {
  field: string;
  /** The visitor's base name, cleaned: a label for the mail, never a path. */
  filename: string;
  kind: FileKind;
  bytes: Buffer;
}

export interface FeedbackRequest {
  /** Every field and accepted file, as the validation engine reads them. */
  formData: FormData;
  uploads: UploadedFile[];
  /** Files refused while reading, by field: too large or not of an accepted type. */
  fileErrors: Map<string, MessageKey>;
}

/**
 * Reads a multipart submission (already received whole, within the route's byte limit) with
 * the platform's own multipart parser, the one behind `Request.formData()`, then holds it to
 * the form's limits: counts and sizes no real visitor reaches end the request with a 4xx; a
 * file over its field's maxSize or not of an accepted type by content becomes that field's
 * error, and is neither validated further nor kept.
 */
export async function readFeedbackRequest(body: Buffer, contentType: string, form: FormDefinition): Promise<FeedbackRequest> {
  const limits = multipartLimits(form);
  let posted: FormData;
  try {
    posted = await new Response(body as Uint8Array<ArrayBuffer>, { headers: { 'content-type': contentType } }).formData();
  } catch {
    throw malformedMultipart();
  }

  const fileFields = new Map(fileFieldsOf(form).map((field) => [field.name, field]));
  const formData = new FormData();
  const uploads: UploadedFile[] = [];
  const fileErrors = new Map<string, MessageKey>();
  const seenFiles = new Set<string>();
  let fields = 0;
  let files = 0;

  for (const [name, value] of posted.entries()) {
    if (Buffer.byteLength(name) > limits.fieldNameSize) throw fieldTooLarge(name.slice(0, 50), limits.fieldNameSize);
    if (typeof value === 'string') {
      fields += 1;
      if (fields > limits.fields) throw tooManyFields(limits.fields);
      if (Buffer.byteLength(value) > limits.fieldSize) throw fieldTooLarge(name, limits.fieldSize);
      formData.append(name, value);
      continue;
    }
    // Every file input posts a part, chosen or not: one per file field.
    files += 1;
    if (files > limits.files) throw tooManyFiles(limits.files);
    const field = fileFields.get(fieldKey(name));
    if (field === undefined) continue; // not a file field of this form: ignored
    if (seenFiles.has(field.name)) throw tooManyFiles(limits.files);
    seenFiles.add(field.name);
    const filename = cleanFilename(value.name);
    // What a browser posts for a file input with nothing chosen.
    if (value.size === 0 && filename === '') continue;
    if (value.size > field.maxSize) {
      fileErrors.set(field.name, 'upload_file_too_large');
      continue;
    }
    const bytes = Buffer.from(await value.arrayBuffer());
    const kind = verifyFileType(bytes.subarray(0, FILE_HEAD_BYTES), filename, field.accept);
    if (kind === undefined) {
      fileErrors.set(field.name, 'upload_file_type_invalid');
      continue;
    }
    uploads.push({ field: field.name, filename, kind, bytes });
    // The type is the detected one, never the browser's claim.
    formData.append(name, new File([value], filename, { type: kind.mediaType }));
  }
  // A plain name posted twice is its last value for every reader: validation, storage, mail.
  return { formData: lastValueWins(formData), uploads, fileErrors };
}


/**
 * The last path segment (old browsers send `C:\fakepath\brief.pdf`), without control
 * characters, at most 200 characters: it appears in a mail header as the attachment's name.
 */
export function cleanFilename(raw: string | undefined): string {
  const base = (raw ?? '').split(/[\\/]/).pop() ?? '';
  const clean = base.replace(UNSAFE_CHARACTERS, '').replaceAll('"', '').trim();
  return clean.length > 200 ? clean.slice(clean.length - 200) : clean;
}
