// `npm run bench:media`: the picture bomb of issue 40, part 3 against a real server process
// (server/main.ts, one process): a PNG of 16383 × 16383 pixels, 800 KB sent and 805 MB decoded,
// uploaded to the media library once and then four at once. Its budget (README.md, "Abuse paths
// and the limits that stop them"): each refused (422 media_too_many_pixels) in under a second,
// the server's memory growing by under 100 MB (its peak resident memory, VmHWM, reset before
// each attack, against its resident memory before). The test suite checks the refusal itself
// (test/server/media-library/media-library-routes.test.ts); this measures what it costs.
// On SQLite; on PostgreSQL too when BENCH_DATABASE_URL names a test database.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import sharp from 'sharp';
import { CONSOLE_API } from '../src/validation/console/console-api.ts';
import { startOwnerServer } from './support/owner-server.ts';
import { multipartBody } from '../test/server/helpers/multipart.ts';
import { createStaticFixture } from '../test/server/helpers/static-fixture.ts';
import { zeroPng } from '../test/server/helpers/zero-png.ts';

const SIDE = 16_383;
const MB = 1024 * 1024;
const BUDGET = { seconds: 1, growthBytes: 100 * MB };
const EXPECTED = { status: 422, code: 'media_too_many_pixels' };

/** Resident memory now and at its peak since the last reset, from /proc. */
function memory(pid: number): { resident: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const bytes = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1] ?? Number.NaN) * 1024;
  return { resident: bytes('VmRSS'), peak: bytes('VmHWM') };
}

/** Resets the peak to the memory now (Linux's clear_refs, 5); false where that is not allowed. */
function resetPeak(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

async function benchOn(label: string): Promise<boolean> {
  const site = await createStaticFixture();
  const owner = await startOwnerServer('media', site.root);
  const { origin, cookie, server } = owner;
  const pid = server.child.pid!;

  const send = async (data: Buffer, name: string): Promise<{ status: number; code: string | undefined }> => {
    const { payload, contentType } = await multipartBody({ file: new File([new Uint8Array(data)], name, { type: 'image/png' }), alt: 'A picture' });
    const response = await fetch(`${origin}${CONSOLE_API}/media`, {
      method: 'POST',
      body: new Uint8Array(payload),
      headers: { 'content-type': contentType, cookie, origin, 'sec-fetch-site': 'same-origin' },
    });
    return { status: response.status, code: ((await response.json()) as { code?: string }).code };
  };

  try {
    const huge = zeroPng(SIDE, SIDE);
    // A picture the library takes and a file it refuses first: what loads with the first
    // upload and the first refusal is loaded before anything is measured.
    const small = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#204060' } }).png().toBuffer();
    const taken = await send(small, 'warm-up.png');
    if (taken.status !== 201) throw new Error(`the warm-up upload was answered ${taken.status} ${taken.code}`);
    await send(Buffer.from('not a picture'), 'letter.png');

    let ok = true;
    const rows: string[][] = [];
    for (const count of [1, 4]) {
      const peakReset = resetPeak(pid);
      const before = memory(pid);
      const started = performance.now();
      const answers = await Promise.all(Array.from({ length: count }, (_, index) => send(huge, `huge-${count}-${index}.png`)));
      const seconds = (performance.now() - started) / 1000;
      const after = memory(pid);
      // Without a reset the peak may be the start's: counting from it only overstates the growth.
      const growth = (peakReset ? after.peak : Math.max(after.peak, before.peak)) - before.resident;
      const refused = answers.every((answer) => answer.status === EXPECTED.status && answer.code === EXPECTED.code);
      const met = refused && seconds < BUDGET.seconds && growth < BUDGET.growthBytes;
      ok &&= met;
      rows.push([
        `${count} at once`,
        `${seconds.toFixed(2)} s`,
        `${(before.resident / MB).toFixed(0)} → ${(after.peak / MB).toFixed(0)} MB`,
        `+${(growth / MB).toFixed(0)} MB`,
        [...new Set(answers.map((answer) => `${answer.status} ${answer.code}`))].join(', '),
        met ? 'met' : 'MISSED',
      ]);
    }
    process.stdout.write(`\n${label}: ${SIDE} × ${SIDE} PNG (${(huge.length / 1024).toFixed(0)} KB) to POST /admin/api/media, one server process\n`);
    const header = ['attack', 'time', 'resident → peak', 'growth', 'answers', `budget < ${BUDGET.seconds} s, < ${BUDGET.growthBytes / MB} MB, ${EXPECTED.status} ${EXPECTED.code}`];
    const table = [header, ...rows];
    const widths = header.map((_, column) => Math.max(...table.map((line) => line[column]!.length)));
    for (const line of table) process.stdout.write(`${line.map((cell, column) => cell.padEnd(widths[column]!)).join('  ')}\n`);
    return ok;
  } finally {
    await owner.stop();
    await site.cleanup();
  }
}

async function main(): Promise<number> {
  delete process.env.TEST_DATABASE_URL;
  let ok = await benchOn('SQLite');
  const postgres = process.env.BENCH_DATABASE_URL?.trim();
  if (postgres) {
    // A fresh process: the database helper reads TEST_DATABASE_URL when first imported.
    const child = spawnSync(process.execPath, [...process.execArgv, new URL(import.meta.url).pathname, '--postgres'], { stdio: 'inherit', env: { ...process.env, TEST_DATABASE_URL: postgres, BENCH_DATABASE_URL: '' } });
    ok = ok && child.status === 0;
  }
  return ok ? 0 : 1;
}

if (import.meta.url === pathToFileURL(process.argv[1]!).href) process.exitCode = process.argv.includes('--postgres') ? ((await benchOn('PostgreSQL')) ? 0 : 1) : await main();
