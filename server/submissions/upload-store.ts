import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';

/*
 * Uploaded files on disk, outside the web root (UPLOAD_DIR, default data/uploads): each under
 * a random name with the extension of its detected type, never anything the visitor chose,
 * readable by this user only. The request reader streamed each file into a temporary file
 * there (written exclusively, flushed); storing renames it to its final name before the
 * submission that refers to it is committed.
 */

/** A file the request reader wrote to a temporary file, with its detected type's extensions. */
export interface IncomingUpload {
  tempPath: string;
  kind: { extensions: readonly string[] };
}

export type StoredUpload<TUpload extends IncomingUpload = IncomingUpload> = TUpload & { storedName: string };

/** What a stored name looks like; anything else is refused before it can become a path. */
export const STORED_NAME_PATTERN = /^[0-9a-f]{32}\.[a-z0-9]{2,5}$/;

export async function storeUploads<TUpload extends IncomingUpload>(uploadDir: string, uploads: readonly TUpload[]): Promise<Array<StoredUpload<TUpload>>> {
  if (uploads.length === 0) return [];
  await mkdir(uploadDir, { recursive: true, mode: 0o700 });
  const stored: Array<StoredUpload<TUpload>> = [];
  try {
    for (const upload of uploads) {
      const storedName = `${randomBytes(16).toString('hex')}.${upload.kind.extensions[0] ?? 'bin'}`;
      await rename(upload.tempPath, path.join(uploadDir, storedName));
      stored.push({ ...upload, storedName });
    }
  } catch (error) {
    await removeUploads(uploadDir, stored);
    throw error;
  }
  return stored;
}

export async function removeUploads(uploadDir: string, stored: readonly { storedName: string }[]): Promise<void> {
  await Promise.all(
    stored.map((file) => rm(path.join(uploadDir, file.storedName), { force: true }).catch(() => undefined)),
  );
}

export function uploadPath(uploadDir: string, storedName: string): string {
  if (!STORED_NAME_PATTERN.test(storedName)) throw new Error(`not a stored upload name: ${JSON.stringify(storedName)}`);
  return path.join(uploadDir, storedName);
}
