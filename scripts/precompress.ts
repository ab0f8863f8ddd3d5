// Gives every text file of the built site a .br (brotli, best quality) and a .gz (gzip level 9)
// sibling, so the server sends compressed files without compressing on each request.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { extname, join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export const COMPRESSIBLE_EXTENSIONS = ['.html', '.js', '.mjs', '.css', '.svg', '.json', '.txt', '.xml', '.webmanifest'];

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

/** Whether a file (by name) gets twins: text, which compresses. */
export function isCompressible(file: string): boolean {
  return COMPRESSIBLE_EXTENSIONS.includes(extname(file).toLowerCase());
}

/**
 * A text file's twins: brotli (at its best quality unless told), gzip level 9. The server's live
 * pages use it too, a notch below the best (README.md "Live in seconds").
 */
export async function compressedTwins(source: Buffer, brotliQuality: number = constants.BROTLI_MAX_QUALITY): Promise<{ br: Buffer; gz: Buffer }> {
  const [br, gz] = await Promise.all([brotli(source, brotliOptions(source, brotliQuality)), gzipAsync(source, GZIP_OPTIONS)]);
  return { br, gz };
}

/**
 * The same twins, made in the calling thread: for the server's render worker
 * (server/site-render/render-worker.ts), whose compressing must not fill the process's libuv
 * threadpool, which the event loop's file and disk requests wait on.
 */
export function compressedTwinsSync(source: Buffer, brotliQuality: number = constants.BROTLI_MAX_QUALITY): { br: Buffer; gz: Buffer } {
  return { br: brotliCompressSync(source, brotliOptions(source, brotliQuality)), gz: gzipSync(source, GZIP_OPTIONS) };
}

const GZIP_OPTIONS = { level: 9 };

function brotliOptions(source: Buffer, brotliQuality: number) {
  return {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: brotliQuality,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
    },
  };
}

export interface PrecompressResult {
  files: number;
  bytes: number;
  brotliBytes: number;
  gzipBytes: number;
}

export async function precompress(dir = 'dist/client'): Promise<PrecompressResult> {
  const root = resolve(dir);
  const files = (await listFiles(root)).filter(isCompressible);
  const result: PrecompressResult = { files: 0, bytes: 0, brotliBytes: 0, gzipBytes: 0 };
  await Promise.all(
    files.map(async (file) => {
      const source = await readFile(file);
      const { br, gz } = await compressedTwins(source);
      await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
      result.files += 1;
      result.bytes += source.length;
      result.brotliBytes += br.length;
      result.gzipBytes += gz.length;
    }),
  );
  return result;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const dir = process.argv[2] ?? 'dist/client';
  const result = await precompress(dir);
  console.log(`precompressed ${result.files} files in ${relative(process.cwd(), resolve(dir)) || '.'}`);
}
