import { randomBytes } from 'node:crypto';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { is } from 'superstruct';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SiteContent } from '../../../content/content-documents.ts';
import { imageManifest, variantFileName } from '../../../content/image-manifest.ts';
import { repositoryContent } from '../../../content/repository-content.ts';
import { setStaffMayEdit, staffMayEdit as staffMayEditSetting } from '../../../server/console/content-editing.ts';
import { uploadEncodes } from '../../../server/media-library/encode-queue.ts';
import { liveImageManifest } from '../../../server/media-library/live-image-manifest.ts';
import { CONSOLE_API, CONSOLE_REFUSAL } from '../../../src/validation/console/console-api.ts';
import { MEDIA_ERROR, MEDIA_FILE_MAX_BYTES, MediaListAnswerStruct, UploadAnswerStruct, type MediaItem, type MediaListAnswer } from '../../../src/validation/media-library/media-library.protocol.ts';
import { addPerson, consoleHeaders, expectConsoleRefusals, type TestPerson } from '../helpers/console-people.ts';
import { multipartBody } from '../helpers/multipart.ts';
import { BUILT_PICTURE, binaryFixtureFiles } from '../helpers/static-fixture.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { testDialect } from '../helpers/test-db.ts';
import { zeroPng } from '../helpers/zero-png.ts';

// The media library (server/media-library/) through the real app: uploads by type, read from
// the content; the encoded variants and their serving; the list with uses; deletion's refusals.
let test: TestApp;
let owner: TestPerson;
let staff: TestPerson;
/** What the tests say content uses: the repository's, with the about section's picture swapped in when set. */
let aboutPicture: string | null = null;

function liveContent(): SiteContent {
  const content = repositoryContent();
  if (aboutPicture !== null) content.about.image.key = aboutPicture;
  return content;
}

beforeAll(async () => {
  test = await createTestApp({}, { mediaLibrary: { content: liveContent } });
  owner = await addPerson(test.app, { email: 'owner@example.co.za', role: 'owner' });
  staff = await addPerson(test.app, { email: 'staff@example.co.za', role: 'staff' });
});
afterAll(() => test.cleanup());

const BUILT_KEY = Object.keys(imageManifest.images)[0]!;

async function picture(format: 'jpeg' | 'png' | 'webp', { width = 1000, height = 700, alpha = false } = {}): Promise<Buffer> {
  const image = sharp({ create: { width, height, channels: alpha ? 4 : 3, background: alpha ? { r: 200, g: 40, b: 40, alpha: 0.5 } : { r: 30, g: 90, b: 160 } } });
  return image.toFormat(format).toBuffer();
}

async function upload(fields: Record<string, string | File>, person: TestPerson = owner, headers: Record<string, string> = {}) {
  const { payload, contentType } = await multipartBody(fields);
  return test.app.inject({ method: 'POST', url: `${CONSOLE_API}/media`, headers: { ...consoleHeaders(test.app, person.cookie), 'content-type': contentType, ...headers }, payload });
}

const file = (data: Buffer, name: string, type = 'image/jpeg') => new File([new Uint8Array(data)], name, { type });

async function list(person: TestPerson = owner) {
  const response = await test.app.inject({ url: `${CONSOLE_API}/media`, headers: consoleHeaders(test.app, person.cookie) });
  expect(response.statusCode, response.body).toBe(200);
  const answer: unknown = response.json();
  expect(is(answer, MediaListAnswerStruct)).toBe(true);
  return answer as MediaListAnswer;
}

function remove(key: string, person: TestPerson = owner) {
  return test.app.inject({ method: 'POST', url: `${CONSOLE_API}/media/${key}/delete`, headers: { ...consoleHeaders(test.app, person.cookie), 'content-type': 'application/json' }, payload: '{}' });
}

/** The bytes of every file in a folder. */
async function folderBytes(folder: string): Promise<number> {
  const sizes = await Promise.all((await readdir(folder)).map(async (name) => (await stat(path.join(folder, name))).size));
  return sizes.reduce((sum, size) => sum + size, 0);
}

const codeOf = (response: { json(): unknown }) => (response.json() as { code: string }).code;
const fieldOf = (response: { json(): unknown }) => (response.json() as { data: { field?: string } }).data.field;

async function auditActions(): Promise<string[]> {
  const rows = await test.app.db.selectFrom('console_audit').select(['action', 'subject']).where('action', 'in', ['media-upload', 'media-delete']).orderBy('id').execute();
  return rows.map((row) => `${row.action} ${row.subject}`);
}

describe(`the media library on ${testDialect}`, () => {
  it('takes a JPEG, encodes every width in AVIF, WebP and JPEG never wider than the source, and serves the files for a minute, then revalidated', async () => {
    const response = await upload({ file: file(await picture('jpeg'), 'Night Wall (2).JPG'), alt: 'An LED wall at night' });
    expect(response.statusCode, response.body).toBe(201);
    const answer: unknown = response.json();
    expect(is(answer, UploadAnswerStruct)).toBe(true);
    const { picture: item } = answer as { picture: MediaItem };
    expect(item).toMatchObject({ key: 'night-wall-2', source: 'upload', alt: 'An LED wall at night', width: 1000, height: 700, widths: [480, 960, 1000], originalName: 'Night Wall (2).JPG', uploadedBy: 'owner@example.co.za', uses: [], deletable: true });

    const row = await test.app.db.selectFrom('media').selectAll().where('key', '=', 'night-wall-2').executeTakeFirstOrThrow();
    expect(row.content_type).toBe('image/jpeg');
    const { hash } = JSON.parse(row.variants) as { hash: string };
    const expected = [480, 960, 1000].flatMap((width) => (['avif', 'webp', 'jpeg'] as const).map((format) => variantFileName('night-wall-2', hash, width, format)));
    expect((await readdir(test.app.config.mediaDir)).sort()).toEqual(expected.sort());
    expect(item.thumbnailUrl).toBe(`/assets/images/${variantFileName('night-wall-2', hash, 480, 'jpeg')}`);

    for (const [width, format, type] of [[480, 'avif', 'image/avif'], [960, 'webp', 'image/webp'], [1000, 'jpeg', 'image/jpeg']] as const) {
      const url = `/assets/images/${variantFileName('night-wall-2', hash, width, format)}`;
      const served = await test.app.inject({ url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe(type);
      // Not the build's immutable year: a deleted upload must stop being served (nginx takes this max-age too).
      expect(served.headers['cache-control']).toBe('public, max-age=60');
      const etag = served.headers.etag as string;
      expect(etag).toBe(`"${variantFileName('night-wall-2', hash, width, format)}"`);
      const metadata = await sharp(served.rawPayload).metadata();
      expect([metadata.width, metadata.format === 'heif' ? 'avif' : metadata.format]).toEqual([width, format]);
      const again = await test.app.inject({ url, headers: { 'if-none-match': `W/${etag}` } });
      expect([again.statusCode, again.body, again.headers['cache-control']]).toEqual([304, '', 'public, max-age=60']);
    }
    // A name of the right shape that was never made is the site's 404.
    expect((await test.app.inject({ url: `/assets/images/${variantFileName('night-wall-2', '0123456789', 480, 'jpeg')}` })).statusCode).toBe(404);
    expect((await test.app.inject({ url: '/assets/images/..%2Fsecret' })).statusCode).toBe(404);
    expect(await auditActions()).toEqual(['media-upload picture night-wall-2']);
  });

  it('leaves the build\'s own pictures to the built site: they are served, not a 404 for missing from MEDIA_DIR', async () => {
    const served = await test.app.inject({ url: `/${BUILT_PICTURE}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.rawPayload.equals(binaryFixtureFiles[BUILT_PICTURE])).toBe(true);
  });

  it('reads the type from the content: a PNG named .jpg is a PNG (with a PNG fallback for its transparency), a WebP is taken', async () => {
    const png = await upload({ file: file(await picture('png', { width: 600, height: 400, alpha: true }), 'logo.jpg'), alt: 'The company logo', key: 'logo-mark' });
    expect(png.statusCode, png.body).toBe(201);
    expect((png.json() as { picture: MediaItem }).picture).toMatchObject({ key: 'logo-mark', widths: [480, 600] });
    const pngRow = await test.app.db.selectFrom('media').select(['content_type', 'variants']).where('key', '=', 'logo-mark').executeTakeFirstOrThrow();
    expect(pngRow.content_type).toBe('image/png');
    expect(JSON.parse(pngRow.variants)).toMatchObject({ fallback: 'png' });

    const webp = await upload({ file: file(await picture('webp', { width: 300, height: 300 }), 'square.webp', 'image/webp'), alt: 'A square screen' });
    expect(webp.statusCode, webp.body).toBe(201);
    expect((webp.json() as { picture: MediaItem }).picture).toMatchObject({ key: 'square', widths: [300] });
    expect((await test.app.db.selectFrom('media').select('content_type').where('key', '=', 'square').executeTakeFirstOrThrow()).content_type).toBe('image/webp');
  });

  it('refuses what is not a JPEG, PNG or WebP by its content, whatever its name and declared type', async () => {
    for (const [data, name] of [
      [Buffer.from('This is a letter, not a picture.\n'.repeat(50)), 'letter.jpg'],
      [await sharp({ create: { width: 40, height: 40, channels: 3, background: '#000' } }).gif().toBuffer(), 'animation.png'],
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'), 'vector.webp'],
    ] as const) {
      const response = await upload({ file: file(data, name), alt: 'Something' });
      expect(response.statusCode, name).toBe(415);
      expect(codeOf(response)).toBe(MEDIA_ERROR.unsupportedType);
    }
    expect(await test.app.db.selectFrom('media').select('key').where('key', 'in', ['letter', 'animation', 'vector']).execute()).toEqual([]);
  });

  it('refuses a body larger than 20 MB with 413 media_too_large, before encoding anything', async () => {
    const response = await upload({ file: file(Buffer.alloc(MEDIA_FILE_MAX_BYTES + 1024, 0xff), 'huge.jpg'), alt: 'Too big' });
    expect(response.statusCode).toBe(413);
    expect(codeOf(response)).toBe(MEDIA_ERROR.tooLarge);
    // A body declared small enough whose file passes the limit as it is read.
    const read = await upload({ file: file(Buffer.alloc(MEDIA_FILE_MAX_BYTES + 10, 0xff), 'huge.jpg'), alt: 'Too big' });
    expect([read.statusCode, codeOf(read)]).toEqual([413, MEDIA_ERROR.tooLarge]);
    expect(await test.app.db.selectFrom('media').select('key').where('key', '=', 'huge').execute()).toEqual([]);
  });

  it('refuses a PNG of 16383 × 16383 pixels (800 KB sent, 805 MB decoded) from its header alone, alone or four at once: 422 media_too_many_pixels, never queued to encode', async () => {
    // The attack of issue 40, part 3: on the old code each was decoded whole (describeImage's
    // stats()) before its size was checked. Time and memory are measured by bench/media-upload.ts.
    const huge = zeroPng(16_383, 16_383);
    expect(huge.length).toBeLessThan(1024 * 1024);
    const queued = vi.spyOn(uploadEncodes, 'run');
    try {
      const answers = await Promise.all([0, 1, 2, 3, 4].map((index) => upload({ file: file(huge, `huge-${index}.png`, 'image/png'), alt: 'A picture bomb' })));
      for (const answer of answers) {
        expect([answer.statusCode, codeOf(answer), fieldOf(answer)]).toEqual([422, MEDIA_ERROR.tooManyPixels, 'file']);
        expect((answer.json() as { message: string }).message).toContain('more than 100 megapixels');
      }
      // Refused before the encoding queue: nothing of it was decoded.
      expect(queued).not.toHaveBeenCalled();
    } finally {
      queued.mockRestore();
    }
    expect(await test.app.db.selectFrom('media').select('key').where('key', 'like', 'huge-%').execute()).toEqual([]);
  });

  it('refuses a picture over 10,000 pixels a side or 100 megapixels from its header with 422 media_too_many_pixels, on its field', async () => {
    // Real PNGs of those sizes (zeros compress to almost nothing): 3.6 MB and 300 MB decoded.
    const wide = await upload({ file: file(zeroPng(12_000, 100), 'wide.png', 'image/png'), alt: 'Too wide' });
    expect([wide.statusCode, codeOf(wide), fieldOf(wide)]).toEqual([422, MEDIA_ERROR.tooManyPixels, 'file']);
    expect((wide.json() as { message: string }).message).toContain('12000 × 100 pixels');
    const large = await upload({ file: file(zeroPng(10_001, 10_001), 'large.png', 'image/png'), alt: 'Too large' });
    expect([large.statusCode, codeOf(large), fieldOf(large)]).toEqual([422, MEDIA_ERROR.tooManyPixels, 'file']);
    expect((large.json() as { message: string }).message).toContain('more than 100 megapixels');
    expect(await test.app.db.selectFrom('media').select('key').where('key', 'in', ['wide', 'large']).execute()).toEqual([]);
    expect((await readdir(test.app.config.mediaDir)).filter((name) => /^(wide|large)-/.test(name))).toEqual([]);
  });

  it('requires alt text, a valid key and a file, each refused with its field; a key taken is 409', async () => {
    const jpeg = await picture('jpeg', { width: 200, height: 100 });
    const noAlt = await upload({ file: file(jpeg, 'a.jpg'), alt: '   ' });
    expect([noAlt.statusCode, codeOf(noAlt), fieldOf(noAlt)]).toEqual([400, CONSOLE_REFUSAL.invalidBody, 'alt']);
    const badKey = await upload({ file: file(jpeg, 'a.jpg'), alt: 'A', key: 'Not A Key' });
    expect([badKey.statusCode, fieldOf(badKey)]).toEqual([400, 'key']);
    const noFile = await upload({ alt: 'A' });
    expect([noFile.statusCode, fieldOf(noFile)]).toEqual([400, 'file']);
    const built = await upload({ file: file(jpeg, 'a.jpg'), alt: 'A', key: BUILT_KEY });
    expect([built.statusCode, codeOf(built), fieldOf(built)]).toEqual([409, MEDIA_ERROR.keyTaken, 'key']);
    const uploaded = await upload({ file: file(jpeg, 'night-wall-2.png'), alt: 'A' });
    expect([uploaded.statusCode, codeOf(uploaded)]).toEqual([409, MEDIA_ERROR.keyTaken]);
  });

  it('lets staff upload only while an owner lets staff edit', async () => {
    const jpeg = await picture('jpeg', { width: 200, height: 100 });
    await setStaffMayEdit(test.app.db, false);
    const refused = await upload({ file: file(jpeg, 'staff.jpg'), alt: 'By staff' }, staff);
    expect([refused.statusCode, codeOf(refused)]).toEqual([403, MEDIA_ERROR.editingNotAllowed]);
    expect((await list(staff)).mayUpload).toBe(false);
    await setStaffMayEdit(test.app.db, true);
    expect((await list(staff)).mayUpload).toBe(true);
    const taken = await upload({ file: file(jpeg, 'staff.jpg'), alt: 'By staff' }, staff);
    expect(taken.statusCode, taken.body).toBe(201);
    expect((taken.json() as { picture: MediaItem }).picture.deletable).toBe(false);
    await setStaffMayEdit(test.app.db, false);
  });

  it('lists the build\'s pictures and the uploads with thumbnails and where content uses each', async () => {
    aboutPicture = null;
    const { pictures, storage } = await list();
    const byKey = new Map(pictures.map((item) => [item.key, item]));
    // What the uploads' files take on disk, against MEDIA_MAX_BYTES (1 GB by default).
    expect(storage).toEqual({ usedBytes: await folderBytes(test.app.config.mediaDir), quotaBytes: 1024 ** 3 });
    expect(storage.usedBytes).toBeGreaterThan(0);
    const aboutKey = repositoryContent().about.image.key;
    expect(byKey.get(aboutKey)).toMatchObject({ source: 'build', alt: null, deletable: false, uses: expect.arrayContaining([{ document: 'about', path: 'image' }]) });
    expect(byKey.get(aboutKey)!.thumbnailUrl).toMatch(new RegExp(`^/assets/images/${aboutKey}-480w\\.[0-9a-f]{10}\\.jpg$`));
    expect(Object.keys(imageManifest.images).every((key) => byKey.has(key))).toBe(true);
    expect(byKey.get('night-wall-2')).toMatchObject({ source: 'upload', uses: [], deletable: true, bytes: expect.any(Number) });
    // A staff member sees the same list, and may delete nothing.
    expect((await list(staff)).pictures.every((item) => !item.deletable)).toBe(true);

    aboutPicture = 'night-wall-2';
    expect((await list()).pictures.find((item) => item.key === 'night-wall-2')).toMatchObject({ uses: [{ document: 'about', path: 'image' }], deletable: false });
    aboutPicture = null;
  });

  it('adds the uploads to the live image manifest in the build\'s shape', async () => {
    const live = await liveImageManifest(test.app.db);
    expect(live.basePath).toBe(imageManifest.basePath);
    expect(live.images[BUILT_KEY]).toEqual(imageManifest.images[BUILT_KEY]);
    expect(live.images['night-wall-2']).toMatchObject({ width: 1000, height: 700, widths: [480, 960, 1000], fallback: 'jpeg', hash: expect.stringMatching(/^[0-9a-f]{10}$/), color: expect.stringMatching(/^#[0-9a-f]{6}$/) });
  });

  it('refuses to delete a picture in use (listing the uses) or one of the build\'s, and deletes an unused upload with its files', async () => {
    aboutPicture = 'night-wall-2';
    const inUse = await remove('night-wall-2');
    expect([inUse.statusCode, codeOf(inUse)]).toEqual([409, MEDIA_ERROR.inUse]);
    expect((inUse.json() as { data: { uses: unknown } }).data.uses).toEqual([{ document: 'about', path: 'image' }]);
    aboutPicture = null;

    const builtOne = await remove(BUILT_KEY);
    expect([builtOne.statusCode, codeOf(builtOne)]).toEqual([409, MEDIA_ERROR.builtIn]);
    const unknown = await remove('never-uploaded');
    expect([unknown.statusCode, codeOf(unknown)]).toEqual([404, CONSOLE_REFUSAL.notFound]);

    const files = (await readdir(test.app.config.mediaDir)).filter((name) => name.startsWith('night-wall-2-'));
    expect(files).toHaveLength(9);
    const deleted = await remove('night-wall-2');
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await test.app.db.selectFrom('media').select('key').where('key', '=', 'night-wall-2').execute()).toEqual([]);
    expect((await readdir(test.app.config.mediaDir)).filter((name) => name.startsWith('night-wall-2-'))).toEqual([]);
    expect((await test.app.inject({ url: `/assets/images/${files[0]}` })).statusCode).toBe(404);
    expect(await auditActions()).toContain('media-delete picture night-wall-2');
  });

  it('answers every console refusal on its routes', async () => {
    await expectConsoleRefusals(test.app, { method: 'GET', url: `${CONSOLE_API}/media`, role: 'staff' }, { owner, staff });
    await expectConsoleRefusals(test.app, { method: 'POST', url: `${CONSOLE_API}/media/square/delete`, role: 'owner', body: {} }, { owner, staff });

    const jpeg = file(await picture('jpeg', { width: 100, height: 100 }), 'guard.jpg');
    const { payload, contentType } = await multipartBody({ file: jpeg, alt: 'Guarded' });
    const send = (headers: Record<string, string>, type = contentType) => test.app.inject({ method: 'POST', url: `${CONSOLE_API}/media`, headers: { ...headers, 'content-type': type }, payload });
    const anonymous = await send(consoleHeaders(test.app));
    expect([anonymous.statusCode, codeOf(anonymous)]).toEqual([401, CONSOLE_REFUSAL.sessionRequired]);
    const foreign = await send({ ...consoleHeaders(test.app, owner.cookie), origin: 'https://attacker.example', 'sec-fetch-site': 'cross-site' });
    expect([foreign.statusCode, codeOf(foreign)]).toEqual([403, CONSOLE_REFUSAL.crossOrigin]);
    const json = await send(consoleHeaders(test.app, owner.cookie), 'application/json');
    expect([json.statusCode, codeOf(json)]).toEqual([415, CONSOLE_REFUSAL.notMultipart]);
    expect(await test.app.db.selectFrom('media').select('key').where('key', '=', 'guard').execute()).toEqual([]);
  });
});

describe(`the library's quota (MEDIA_MAX_BYTES) and one encoding at a time on ${testDialect}`, () => {
  /** A photo-like picture whose variants take a few MB: noise does not compress. */
  const noise = (width: number, height: number) => sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } }).jpeg({ quality: 90 }).toBuffer();

  async function appWith(env: Record<string, string>, database?: TestApp['database']) {
    const made = await createTestApp(env, { mediaLibrary: { content: liveContent }, ...(database === undefined ? {} : { database }) });
    const person = await addPerson(made.app, { email: `owner-${randomBytes(4).toString('hex')}@example.co.za`, role: 'owner' });
    const send = async (data: Buffer, name: string) => {
      const { payload, contentType } = await multipartBody({ file: file(data, name), alt: 'A picture' });
      return made.app.inject({ method: 'POST', url: `${CONSOLE_API}/media`, headers: { ...consoleHeaders(made.app, person.cookie), 'content-type': contentType }, payload });
    };
    const storage = async () => {
      const response = await made.app.inject({ url: `${CONSOLE_API}/media`, headers: consoleHeaders(made.app, person.cookie) });
      return (response.json() as MediaListAnswer).storage;
    };
    return { ...made, send, storage };
  }

  it('refuses an upload whose files would pass MEDIA_MAX_BYTES with 413 media_quota_exceeded on its field, keeping none of them', async () => {
    const small = await appWith({ MEDIA_MAX_BYTES: '1MB' });
    try {
      const taken = await small.send(await picture('jpeg', { width: 600, height: 400 }), 'small.jpg');
      expect(taken.statusCode, taken.body).toBe(201);
      const before = await readdir(small.app.config.mediaDir);
      const used = await folderBytes(small.app.config.mediaDir);
      expect(await small.storage()).toEqual({ usedBytes: used, quotaBytes: 1024 * 1024 });

      const refused = await small.send(await noise(1600, 1200), 'noise.jpg');
      expect([refused.statusCode, codeOf(refused), fieldOf(refused)]).toEqual([413, MEDIA_ERROR.quotaExceeded, 'file']);
      expect((refused.json() as { data: unknown }).data).toMatchObject({ usedBytes: used, quotaBytes: 1024 * 1024 });
      expect((refused.json() as { message: string }).message).toMatch(/^The uploaded pictures take \d+ KB of the 1\.0 MB the site keeps for them, and this one does not fit\./);
      expect((await readdir(small.app.config.mediaDir)).sort()).toEqual(before.sort());
      expect(await small.app.db.selectFrom('media').select('key').where('key', '=', 'noise').execute()).toEqual([]);
    } finally {
      await small.cleanup();
    }
  });

  it('refuses every upload, before encoding it, while the uploads already take MEDIA_MAX_BYTES (the quota lowered)', async () => {
    const roomy = await appWith({});
    try {
      expect((await roomy.send(await noise(1600, 1200), 'noise.jpg')).statusCode).toBe(201);
      const used = await folderBytes(roomy.app.config.mediaDir);
      expect(used).toBeGreaterThan(1024 * 1024);
      // The same database and MEDIA_DIR, restarted with a quota below what they hold.
      const lowered = await appWith({ MEDIA_MAX_BYTES: '1MB', MEDIA_DIR: roomy.app.config.mediaDir }, roomy.database);
      try {
        expect(await lowered.storage()).toEqual({ usedBytes: used, quotaBytes: 1024 * 1024 });
        const queued = vi.spyOn(uploadEncodes, 'run');
        const refused = await lowered.send(await picture('jpeg', { width: 200, height: 100 }), 'tiny.jpg');
        expect([refused.statusCode, codeOf(refused), fieldOf(refused)]).toEqual([413, MEDIA_ERROR.quotaExceeded, 'file']);
        expect(queued).not.toHaveBeenCalled();
        queued.mockRestore();
        expect((await readdir(roomy.app.config.mediaDir)).filter((name) => name.startsWith('tiny-'))).toEqual([]);
      } finally {
        await lowered.cleanup();
      }
    } finally {
      await roomy.cleanup();
    }
  });

  it('encodes one upload at a time: while one encodes three wait behind it, one more is 503 media_busy with Retry-After, on its field', async () => {
    const busy = await appWith({});
    // The process's queue held by a task the test ends: what arrives meanwhile waits its turn.
    let release = () => {};
    const holding = uploadEncodes.run(() => new Promise<void>((resolve) => (release = resolve)));
    try {
      const photos = await Promise.all([0, 1, 2].map((index) => picture('jpeg', { width: 300 + index, height: 200 })));
      const waiting = photos.map((photo, index) => busy.send(photo, `photo-${index}.jpg`));
      await vi.waitFor(() => expect(uploadEncodes.size).toBe(4));
      const refused = await busy.send(await picture('jpeg', { width: 310, height: 200 }), 'one-more.jpg');
      expect([refused.statusCode, codeOf(refused), fieldOf(refused), refused.headers['retry-after']]).toEqual([503, MEDIA_ERROR.busy, 'file', '30']);
      release();
      await holding;
      // The three waiting are encoded one after another once the queue moves.
      expect((await Promise.all(waiting)).map((answer) => answer.statusCode)).toEqual([201, 201, 201]);
      expect(uploadEncodes.size).toBe(0);
    } finally {
      release();
      await busy.cleanup();
    }
  }, 60_000);
});

describe(`who may upload by default on ${testDialect}`, () => {
  it('reads content_settings.staff_may_edit, the rule the content editor keeps', async () => {
    const { db } = test.app;
    expect(await staffMayEditSetting(db)).toBe(false);
    await setStaffMayEdit(db, true);
    expect(await staffMayEditSetting(db)).toBe(true);
    await setStaffMayEdit(db, false);
    expect(await staffMayEditSetting(db)).toBe(false);
  });
});
