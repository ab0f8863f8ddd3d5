/*
 * `npm run content -- export [--out dir]`: the live documents the console published, written
 * back as the repository's JSON files (content/documents/<name>.json, or into `dir`), so a
 * developer can commit what the owner changed; only documents that differ from the
 * repository's are written. A picture uploaded in the console that they name is written too, as
 * content/images/<key>.jpg or .png (or into `dir`/images/), from the largest width the console
 * kept (the upload itself is not kept), so the build encodes it as it does its own pictures.
 * `npm run content -- history <document>`: a document's revisions,
 * newest first. Both read the database named by DATABASE_URL (README.md, "Editing the site").
 */
import { copyFile, mkdir, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { contentDocuments, DOCUMENT_NAMES, isDocumentName } from '../content/content-documents.ts';
import { imageManifest, imagesNamedIn, variantFileName } from '../content/image-manifest.ts';
import { changedDocuments, revisions } from '../server/content-editor/content-store.ts';
import { liveImageManifest } from '../server/media-library/live-image-manifest.ts';
import { runDatabaseCommand } from './run-database-command.ts';

const USAGE = 'usage: npm run content -- export [--out dir] | history <document>\n';
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** A document as the repository keeps it: two-space JSON and a final newline. */
const documentFileText = (document: unknown): string => `${JSON.stringify(document, null, 2)}\n`;

async function main(args: readonly string[]): Promise<number> {
  const [command, ...rest] = args;
  if (command === 'export') {
    let out: string | null = null;
    for (let index = 0; index < rest.length; index += 1) {
      const arg = rest[index]!;
      if (arg === '--out' && rest[index + 1] !== undefined) out = resolve(rest[(index += 1)]!);
      else if (arg.startsWith('--out=') && arg.length > '--out='.length) out = resolve(arg.slice('--out='.length));
      else return usage(`unknown or malformed option ${JSON.stringify(arg)}`);
    }
    return runDatabaseCommand('content', async (db, config) => {
      const changed = await changedDocuments(db);
      const lines: string[] = [];
      for (const { name, revision, document } of changed) {
        const { file } = contentDocuments[name];
        const target = out === null ? join(ROOT, file) : join(out, basename(file));
        await mkdir(dirname(target), { recursive: true });
        await writeFile(target, documentFileText(document));
        lines.push(`wrote ${out === null ? file : target} (revision ${revision})`);
      }
      // The uploads these documents name, which the repository's pictures do not have.
      const named = imagesNamedIn(changed.map((entry) => entry.document), await liveImageManifest(db));
      for (const [key, entry] of Object.entries(named.images)) {
        if (Object.hasOwn(imageManifest.images, key)) continue;
        const largest = entry.widths[entry.widths.length - 1]!;
        const picture = `${key}.${entry.fallback === 'png' ? 'png' : 'jpg'}`;
        const target = out === null ? join(ROOT, 'content/images', picture) : join(out, 'images', picture);
        await mkdir(dirname(target), { recursive: true });
        await copyFile(join(config.mediaDir, variantFileName(key, entry.hash, largest, entry.fallback)), target);
        lines.push(`wrote ${out === null ? `content/images/${picture}` : target} (the uploaded picture, ${largest} px wide)`);
      }
      lines.push(changed.length === 0 ? 'Every document is as the repository has it: nothing written.' : `${changed.length} of ${DOCUMENT_NAMES.length} documents written.`);
      return `${lines.join('\n')}\n`;
    });
  }
  if (command === 'history') {
    const [name, ...extra] = rest;
    if (name === undefined || extra.length > 0) return usage('history takes one document name');
    if (!isDocumentName(name)) {
      process.stderr.write(`content: there is no document named ${JSON.stringify(name)} (documents: ${DOCUMENT_NAMES.join(', ')})\n`);
      return 2;
    }
    return runDatabaseCommand('content', async (db) => {
      const rows = await revisions(db, name);
      return `${rows
        .map((row) =>
          row.revision === 0
            ? `${'0'.padStart(8)}  ${'(the repository)'.padEnd(24)}  ${''.padEnd(24)}  content/documents${row.live ? '  [live]' : ''}`
            : `${String(row.revision).padStart(8)}  ${(row.publishedAt ?? '').padEnd(24)}  ${(row.publishedBy?.name ?? '').padEnd(24)}  ${row.note === '' || row.note === null ? '-' : row.note}${row.live ? '  [live]' : ''}`,
        )
        .join('\n')}\n`;
    });
  }
  return usage(command === undefined ? 'no command' : `unknown command ${JSON.stringify(command)}`);
}

function usage(problem: string): number {
  process.stderr.write(`content: ${problem}\n${USAGE}`);
  return 2;
}

process.exitCode = await main(process.argv.slice(2));
