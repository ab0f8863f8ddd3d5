import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deletePicture, listMedia, uploadPicture } from '../../../src/services/media-library/media-api.client.ts';
import { ConsoleApiError, createConsoleApi, type ConsoleApi } from '../../../src/services/shared/console-api.client.ts';
import { MEDIA_ERROR } from '../../../src/validation/media-library/media-library.protocol.ts';
import { addPerson, type TestPerson } from '../helpers/console-people.ts';
import { injectingFetch } from '../helpers/injecting-fetch.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { testDialect } from '../helpers/test-db.ts';

/*
 * The media library's browser client (src/services/media-library/) against the real server, as
 * the console's other clients are (test/server/console/console-clients-contract.test.ts): the
 * multipart upload the browser builds, the list and a deletion.
 */

let test: TestApp;
let owner: TestPerson;
let api: ConsoleApi;

beforeAll(async () => {
  test = await createTestApp();
  owner = await addPerson(test.app, { email: 'owner@example.co.za', role: 'owner' });
  api = createConsoleApi({ baseUrl: new URL(test.app.config.siteUrl).origin, fetch: injectingFetch(test.app, owner) });
});
afterAll(() => test.cleanup());

describe(`the media library's client against the server on ${testDialect}`, () => {
  it('uploads, lists and deletes; a refusal arrives as a ConsoleApiError naming its field', async () => {
    const png = await sharp({ create: { width: 640, height: 360, channels: 3, background: '#204060' } }).png().toBuffer();
    const picture = await uploadPicture(api, { file: new File([new Uint8Array(png)], 'Lobby Screen.png', { type: 'image/png' }), alt: '  A lobby screen  ', key: '' });
    expect(picture).toMatchObject({ key: 'lobby-screen', alt: 'A lobby screen', source: 'upload', widths: [480, 640], deletable: true });

    const listed = await listMedia(api);
    expect(listed.mayUpload).toBe(true);
    expect(listed.pictures.find((item) => item.key === 'lobby-screen')).toEqual(picture);

    const refused = await uploadPicture(api, { file: new File(['not a picture'], 'note.jpg', { type: 'image/jpeg' }), alt: 'A note', key: 'note' }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ConsoleApiError);
    expect(refused).toMatchObject({ code: MEDIA_ERROR.unsupportedType, status: 415, field: 'file' });

    await deletePicture(api, 'lobby-screen');
    expect((await listMedia(api)).pictures.some((item) => item.key === 'lobby-screen')).toBe(false);
  });
});
