import { access } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import yazl from 'yazl';
import { uploadPath } from '../submissions/upload-store.ts';
import { archiveFileName, recordsDocument, type HeldRecords } from './person-records.ts';
import { recordsPage, type RecordsPageWords } from './records-page.ts';

/*
 * An access request's answer (README, "Privacy"): one zip archive with `records.html` (all of
 * it in words, for the person who asked), `records.json` (every record in full) and the files
 * the person sent, each under the name records.json gives it. A file already deleted by
 * UPLOAD_RETAIN_DAYS is said to be gone in both.
 */
export async function recordsArchive(held: HeldRecords, uploadDir: string, at: string, words: RecordsPageWords): Promise<Readable> {
  const zip = new yazl.ZipFile();
  const gone: string[] = [];
  for (const file of held.files) {
    const onDisk = uploadPath(uploadDir, file.stored_name);
    const kept = await access(onDisk).then(
      () => true,
      () => false,
    );
    if (kept) zip.addFile(onDisk, archiveFileName(file), { mode: 0o100644 });
    else gone.push(archiveFileName(file));
  }
  const document = { ...recordsDocument(held, at), filesNoLongerKept: gone };
  zip.addBuffer(Buffer.from(recordsPage(held, words, at, gone), 'utf8'), 'records.html', { mode: 0o100644 });
  zip.addBuffer(Buffer.from(`${JSON.stringify(document, null, 2)}\n`, 'utf8'), 'records.json', { mode: 0o100644 });
  zip.end();
  return zip.outputStream as Readable;
}
