import type { Multipart, MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FormDefinition, MessageKey } from '../../content/forms/index.ts';
import {
  fieldTooLarge,
  malformedMultipart,
  requestTooLarge,
  tooManyFields,
  tooManyFiles,
  tooManyParts,
} from './feedback-errors.ts';
import { FILE_HEAD_BYTES, verifyFileType, type FileKind } from './file-content.ts';
import { fileFieldsOf, multipartLimits, type FileField } from './multipart-limits.ts';

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
 * Reads a multipart submission within the form's limits. Files are checked as they stream
 * in: a file over its field's maxSize is counted but not kept, and a kept file must be of an
 * accepted type by content. Limits that no real visitor reaches end the request with a 4xx.
 */
export async function readFeedbackRequest(request: FastifyRequest, form: FormDefinition): Promise<FeedbackRequest> {
  const limits = multipartLimits(form);
  const contentLength = Number(request.headers['content-length']);
  if (Number.isFinite(contentLength) && contentLength > limits.contentLength) throw requestTooLarge(limits.contentLength);

  const fileFields = new Map(fileFieldsOf(form).map((field) => [field.name, field]));
  const formData = new FormData();
  const uploads: UploadedFile[] = [];
  const fileErrors = new Map<string, MessageKey>();
  const seenFiles = new Set<string>();

  try {
    const parts: AsyncIterable<Multipart> = request.parts({
      limits: {
        fields: limits.fields,
        files: limits.files,
        parts: limits.parts,
        fieldSize: limits.fieldSize,
        fieldNameSize: limits.fieldNameSize,
        fileSize: limits.fileSize,
        headerPairs: limits.headerPairs,
      },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (part.valueTruncated || part.fieldnameTruncated) throw fieldTooLarge(part.fieldname, limits.fieldSize);
        formData.append(part.fieldname, typeof part.value === 'string' ? part.value : String(part.value));
        continue;
      }
      const field = fileFields.get(fieldKey(part.fieldname));
      if (field === undefined) {
        // Not a file field of this form: read and forget.
        await drain(part);
        continue;
      }
      if (seenFiles.has(field.name)) throw tooManyFiles(limits.files);
      seenFiles.add(field.name);
      const result = await readFile(part, field);
      if (result.kind === 'empty') continue;
      if (result.kind === 'refused') {
        fileErrors.set(field.name, result.reason);
        continue;
      }
      uploads.push(result.upload);
      formData.append(part.fieldname, new File([result.upload.bytes as Uint8Array<ArrayBuffer>], result.upload.filename, { type: result.upload.kind.mediaType }));
    }
  } catch (error) {
    throw translateMultipartError(error, limits);
  }
  return { formData, uploads, fileErrors };
}

type FileResult =
  | { kind: 'empty' }
  | { kind: 'refused'; reason: MessageKey }
  | { kind: 'kept'; upload: UploadedFile };

async function readFile(part: MultipartFile, field: FileField): Promise<FileResult> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of part.file as AsyncIterable<Buffer>) {
    size += chunk.length;
    // Past the field's limit the bytes are only counted, never kept.
    if (size <= field.maxSize) chunks.push(chunk);
  }
  const filename = cleanFilename(part.filename);
  // What a browser posts for a file input with nothing chosen.
  if (size === 0 && filename === '') return { kind: 'empty' };
  if (size > field.maxSize || part.file.truncated) return { kind: 'refused', reason: 'upload_file_too_large' };
  const bytes = Buffer.concat(chunks, size);
  const kind = verifyFileType(bytes.subarray(0, FILE_HEAD_BYTES), filename, field.accept);
  if (kind === undefined) return { kind: 'refused', reason: 'upload_file_type_invalid' };
  return { kind: 'kept', upload: { field: field.name, filename, kind, bytes } };
}

async function drain(part: MultipartFile): Promise<void> {
  for await (const _chunk of part.file) {
    // discard
  }
}

/** `your-file[]` → `your-file`, as the validation engine keys fields. */
function fieldKey(name: string): string {
  const bracket = name.indexOf('[');
  return bracket > 0 ? name.slice(0, bracket) : name;
}

/**
 * The last path segment (old browsers send `C:\fakepath\brief.pdf`), without control
 * characters, at most 200 characters: it appears in a mail header as the attachment's name.
 */
export function cleanFilename(raw: string | undefined): string {
  const base = (raw ?? '').split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f"]/g, '').trim();
  return clean.length > 200 ? clean.slice(clean.length - 200) : clean;
}

function translateMultipartError(error: unknown, limits: ReturnType<typeof multipartLimits>): unknown {
  const code = (error as { code?: unknown } | null)?.code;
  switch (code) {
    case 'FST_FILES_LIMIT':
      return tooManyFiles(limits.files);
    case 'FST_FIELDS_LIMIT':
      return tooManyFields(limits.fields);
    case 'FST_PARTS_LIMIT':
      return tooManyParts(limits.parts);
    case 'FST_PROTO_VIOLATION':
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return malformedMultipart();
    default:
      break;
  }
  if (error instanceof Error && /multipart|boundary|part terminated|unexpected end/i.test(error.message)) {
    return malformedMultipart();
  }
  return error;
}
