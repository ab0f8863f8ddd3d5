import { randomBytes } from 'node:crypto';
import { openAsBlob } from 'node:fs';
import { mkdir, open, rm, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import type { FormDefinition, MessageKey } from '../../content/forms/index.ts';
import { fieldKey, lastValueWins } from '../../src/validation/field-values.ts';
import { RestError } from '../http/rest-error.ts';
import { UNSAFE_CHARACTERS } from '../http/unsafe-characters.ts';
import { fieldTooLarge, malformedMultipart, requestTooLarge, tooManyFields, tooManyFiles, tooManyParts, uploadStorageFailed } from './feedback-errors.ts';
import { bufferedParts, isSmallBody, readWholeBody, type Part, type PartFile, type PartLimits } from './buffered-parts.ts';
import { FILE_HEAD_BYTES, verifyFileType, type FileKind } from './file-content.ts';
import { fileFieldsOf, type MultipartLimits } from './multipart-limits.ts';

/** A file that passed the size and content checks, on disk under a temporary name until stored. */
export interface UploadedFile {
  field: string;
  /** The visitor's base name, cleaned: a label for the mail, never a path. */
  filename: string;
  kind: FileKind;
  /** The temporary file in UPLOAD_DIR (`incoming-<random>.tmp`); storing renames it. */
  tempPath: string;
  size: number;
}

export interface FeedbackRequest {
  /** Every field and accepted file, as the validation engine reads them. */
  formData: FormData;
  uploads: UploadedFile[];
  /** Files refused before validation: the field's message key (too large, wrong type). */
  fileErrors: Map<string, MessageKey>;
}

/** Temporary upload names: never a stored name (STORED_NAME_PATTERN), swept when old. */
export const INCOMING_NAME_PATTERN = /^incoming-[0-9a-f]{32}\.tmp$/;

const PARSER_ERRORS: Record<string, (limits: MultipartLimits) => Error> = {
  FST_FIELDS_LIMIT: (limits) => tooManyFields(limits.fields),
  FST_FILES_LIMIT: (limits) => tooManyFiles(limits.files),
  FST_PARTS_LIMIT: (limits) => tooManyParts(limits.fields + limits.files),
};

/**
 * Reads a multipart submission, with the form's limits (multipartLimits) applied by the parser: counts and sizes
 * no real visitor reaches end the request with a 4xx as soon as they are passed. A small body
 * is read whole and split in one pass (buffered-parts.ts); a larger one is parsed as it
 * arrives (its length counted as it streams), files to disk, so memory per request stays
 * small. A file over its field's maxSize or not of an accepted type by content becomes that
 * field's error, and is neither validated further nor kept. The caller removes the temporary
 * files it does not store (`discardUploads`).
 */
export async function readFeedbackRequest(
  request: FastifyRequest,
  form: FormDefinition,
  limits: MultipartLimits,
  uploadDir: string,
): Promise<FeedbackRequest> {
  const fileFields = new Map(fileFieldsOf(form).map((field) => [field.name, field]));
  const largestFile = Math.max(0, ...[...fileFields.values()].map((field) => field.maxSize));
  const formData = new FormData();
  const uploads: UploadedFile[] = [];
  const fileErrors = new Map<string, MessageKey>();
  const seenFiles = new Set<string>();
  const temporary: string[] = [];

  // A body without Content-Length (chunked) is counted as it streams.
  let received = 0;
  let overLimit: (error: Error) => void = () => undefined;
  const tooLarge = new Promise<never>((_, reject) => (overLimit = reject));
  tooLarge.catch(() => undefined);
  const count = (chunk: Buffer) => {
    received += chunk.length;
    if (received > limits.contentLength) {
      request.raw.off('data', count);
      request.raw.unpipe();
      overLimit(requestTooLarge(limits.contentLength));
    }
  };

  const partLimits: PartLimits = { fields: limits.fields, files: limits.files, parts: limits.fields + limits.files, fieldSize: limits.fieldSize };
  try {
    let parts: Iterator<Part> | AsyncIterator<Part>;
    if (isSmallBody(request.headers)) {
      parts = bufferedParts(await readWholeBody(request.raw), String(request.headers['content-type']), partLimits);
    } else {
      parts = request.parts({
        limits: {
          fieldNameSize: limits.fieldNameSize,
          fieldSize: limits.fieldSize,
          fields: limits.fields,
          // One byte over the largest field's limit is enough to tell a file is too large.
          fileSize: largestFile + 1,
          files: limits.files,
          parts: partLimits.parts,
        },
      })[Symbol.asyncIterator]() as AsyncIterator<Part>;
      // Attached once the parser is piped, in the same tick: it sees every byte the parser does.
      request.raw.on('data', count);
    }
    for (;;) {
      const next = await raced(Promise.resolve(parts.next()), tooLarge);
      if (next.done) break;
      const part = next.value;
      if (part.fieldname.length === 0 || Buffer.byteLength(part.fieldname) > limits.fieldNameSize || ('fieldnameTruncated' in part && part.fieldnameTruncated)) {
        if (part.type === 'file') part.file.resume();
        throw fieldTooLarge(part.fieldname.slice(0, 50), limits.fieldNameSize);
      }
      if (part.type === 'field') {
        if (part.valueTruncated) throw fieldTooLarge(part.fieldname, limits.fieldSize);
        formData.append(part.fieldname, typeof part.value === 'string' ? part.value : String(part.value));
        continue;
      }
      const field = fileFields.get(fieldKey(part.fieldname));
      if (field === undefined) {
        part.file.resume(); // not a file field of this form: ignored
        continue;
      }
      if (seenFiles.has(field.name)) throw tooManyFiles(limits.files);
      seenFiles.add(field.name);
      const filename = cleanFilename(part.filename);
      // The temporary name is recorded before its file is made: every way out removes it.
      const incoming = await receiveFile(part.file, uploadDir, field.maxSize, tooLarge, (tempPath) => temporary.push(tempPath));
      // What a browser posts for a file input with nothing chosen.
      if (incoming.size === 0 && filename === '') continue;
      if (incoming.tooLarge) {
        fileErrors.set(field.name, 'upload_file_too_large');
        continue;
      }
      const kind = verifyFileType(incoming.head, filename, field.accept);
      if (kind === undefined || incoming.tempPath === null) {
        fileErrors.set(field.name, 'upload_file_type_invalid');
        continue;
      }
      uploads.push({ field: field.name, filename, kind, tempPath: incoming.tempPath, size: incoming.size });
      // The type is the detected one, never the browser's claim; the content stays on disk.
      formData.append(part.fieldname, new File([await openAsBlob(incoming.tempPath)], filename, { type: kind.mediaType }));
    }
  } catch (error) {
    // Refused: parse no more of the body; after the answer the rest is dropped unparsed and
    // the connection closed (http/lingering-close.ts).
    request.raw.unpipe();
    request.raw.pause();
    await discardUploads(temporary.map((tempPath) => ({ tempPath })));
    // A full disk (or another filesystem fault) is the server's: 503, logged at error.
    if (error instanceof StorageError) throw uploadStorageFailed(error.cause);
    const code = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
    if (error instanceof RestError) throw error;
    const limitError = PARSER_ERRORS[code];
    throw limitError === undefined ? malformedMultipart() : limitError(limits);
  } finally {
    request.raw.off('data', count);
  }
  // Files of refused parts have gone already; those not accepted are removed now.
  const accepted = new Set(uploads.map((upload) => upload.tempPath));
  await discardUploads(temporary.filter((tempPath) => !accepted.has(tempPath)).map((tempPath) => ({ tempPath })));
  // A plain name posted twice is its last value for every reader: validation, storage, mail.
  return { formData: lastValueWins(formData), uploads, fileErrors };
}

interface IncomingFile {
  tempPath: string | null;
  size: number;
  head: Buffer;
  tooLarge: boolean;
}

/** A filesystem operation on UPLOAD_DIR failed (ENOSPC, EIO, EACCES…): the server's fault, not the body's. */
class StorageError extends Error {
  constructor(cause: unknown) {
    super('an uploaded file could not be written', { cause });
  }
}

async function onDisk<T>(operation: () => Promise<T>): Promise<T> {
  try {
    return await operation();
  } catch (error) {
    throw new StorageError(error);
  }
}

/**
 * Streams one file part to a temporary file, keeping its first bytes; stops writing past `maxSize`.
 * The file is made at the first byte: a form sent with no file chosen (an empty part, most
 * submissions) touches no disk. `created` hears the temporary path before the file exists.
 */
async function receiveFile(
  file: PartFile,
  uploadDir: string,
  maxSize: number,
  tooLarge: Promise<never>,
  created: (tempPath: string) => void,
): Promise<IncomingFile> {
  let tempPath: string | null = null;
  let handle: FileHandle | null = null;
  let size = 0;
  const head: Buffer[] = [];
  let headLength = 0;
  try {
    const chunks = file[Symbol.asyncIterator]();
    for (;;) {
      const next = await raced(chunks.next(), tooLarge);
      if (next.done) break;
      const chunk = next.value;
      if (chunk.length === 0) continue;
      size += chunk.length;
      if (headLength < FILE_HEAD_BYTES) {
        head.push(chunk.subarray(0, FILE_HEAD_BYTES - headLength));
        headLength += Math.min(chunk.length, FILE_HEAD_BYTES - headLength);
      }
      // Past the field's limit the rest is read and dropped: the field gets its message.
      if (size > maxSize) continue;
      if (handle === null) {
        await onDisk(() => mkdir(uploadDir, { recursive: true, mode: 0o700 }));
        const name = path.join(uploadDir, `incoming-${randomBytes(16).toString('hex')}.tmp`);
        created(name);
        tempPath = name;
        handle = await onDisk(() => open(name, 'wx', 0o600));
      }
      await onDisk(() => writeWhole(handle!, chunk));
    }
    if (handle !== null) await onDisk(() => handle!.sync());
  } finally {
    await handle?.close().catch(() => undefined);
  }
  const over = size > maxSize || file.truncated === true;
  return { tempPath, size, head: Buffer.concat(head), tooLarge: over };
}

/** A write may take only part of a chunk (a disk filling up): the rest is written until done or refused (ENOSPC). */
async function writeWhole(handle: FileHandle, chunk: Buffer): Promise<void> {
  for (let offset = 0; offset < chunk.length; ) {
    const { bytesWritten } = await handle.write(chunk, offset);
    offset += bytesWritten;
  }
}

/**
 * The first of a read and the byte limit. The read that loses is left pending and may fail
 * later (the body is cut off): its failure is expected and handled here, not left unhandled.
 */
function raced<T>(read: Promise<T>, limit: Promise<never>): Promise<T> {
  read.catch(() => undefined);
  return Promise.race([read, limit]);
}

/** Removes temporary upload files that were not stored (refused, spam, an error). */
export async function discardUploads(files: readonly { tempPath: string }[]): Promise<void> {
  await Promise.all(files.map((file) => rm(file.tempPath, { force: true }).catch(() => undefined)));
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
