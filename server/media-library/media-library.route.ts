import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SiteContent } from '../../content/content-documents.ts';
import { imageManifest, imageMimeTypes, variantUrl, type ImageEntry, type ImageFormat, type ImageManifest } from '../../content/image-manifest.ts';
import { repositoryContent } from '../../content/repository-content.ts';
import { CONSOLE_API, CONSOLE_REFUSAL, EmptyBodyStruct } from '../../src/validation/console/console-api.ts';
import {
  MEDIA_ERROR,
  MEDIA_KEY_PATTERN,
  MEDIA_FILE_MAX_BYTES,
  MEDIA_ROUTE,
  UPLOAD_FIELD,
  type MediaItem,
  type MediaListAnswer,
  type MediaUse,
  type UploadAnswer,
} from '../../src/validation/media-library/media-library.protocol.ts';
import { consoleBody } from '../console/console-body.ts';
import { recordAudit } from '../console/console-audit.ts';
import { auditActorOf, consoleRoute, signedIn } from '../console/console-guard.ts';
import { RestError } from '../http/rest-error.ts';
import { mayEditContent } from '../console/content-editing.ts';
import { countPersonAction, PERSON_ACTIONS } from '../console/person-limits.ts';
import { entryOf, mediaRows, type MediaRow } from './media-rows.ts';
import { libraryBytes } from './media-storage.ts';
import { removeVariants, storeUpload, type UploadFields } from './media-upload.ts';
import { pictureUses } from './picture-uses.ts';

/*
 * The media library's routes (README.md, "Pictures in the console"), below CONSOLE_API and
 * behind the console's checks (server/console/console-guard.ts): everyone signed in lists the
 * pictures with where each is used; owners, and staff while an owner lets staff edit, upload;
 * owners delete an upload nothing uses. Uploads and deletions are in the audit log.
 * Also the uploaded pictures' files, `/assets/images/<key>-<width>w.<hash>.<ext>` as the build
 * names its own: the build's are routes of the static site (a static route wins), so this
 * route answers only what the build does not have, from MEDIA_DIR, cached for a minute only
 * (UPLOAD_CACHE_CONTROL).
 * Encapsulated: the multipart parser applies to these routes alone.
 */

export interface MediaLibraryRouteOptions {
  /** The live content whose picture references are "uses"; the repository's until the content store serves live content. */
  content?: () => SiteContent | Promise<SiteContent>;
  /** The build's manifest (tests give their own). */
  built?: ImageManifest;
}

const route = (path: string) => `${CONSOLE_API}${path}`;

/** An uploaded picture's file name, as content/image-manifest.ts' variantFileName spells it. */
export const VARIANT_FILE = /^([a-z0-9]+(?:-[a-z0-9]+)*)-(\d{1,5})w\.([0-9a-f]{10})\.(avif|webp|jpg|png)$/;
const FORMAT_OF_EXTENSION: Record<string, ImageFormat> = { avif: 'avif', webp: 'webp', jpg: 'jpeg', png: 'png' };

/**
 * An uploaded picture's caching, by browsers and by nginx (which takes the answer's max-age over
 * its own year for /assets/: deploy/nginx/visual-displays-proxy.conf): a minute, then a
 * revalidation (ETag, 304). Unlike the build's, an upload can be deleted, and a deleted picture
 * must stop being served: within a minute, not the year an immutable file is kept
 * (README.md, "Pictures in the console").
 */
export const UPLOAD_CACHE_CONTROL = 'public, max-age=60';

/** Whether If-None-Match names `etag` (or is `*`), weak or strong. */
function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (ifNoneMatch === undefined) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed.replace(/^W\//, '') === etag;
  });
}

/** The largest upload request: its file and its fields (nginx lets it through: deploy/nginx/visual-displays-proxy.conf). */
export const UPLOAD_BODY_LIMIT = MEDIA_FILE_MAX_BYTES + 64 * 1024;

/** The multipart parser's limits: one file of at most MEDIA_FILE_MAX_BYTES, two short fields. */
const LIMITS = { fileSize: MEDIA_FILE_MAX_BYTES, files: 1, fields: 2, parts: 3, fieldSize: 4096, headerPairs: 20 };

const tooLarge = () => new RestError(413, MEDIA_ERROR.tooLarge, `This file is larger than ${MEDIA_FILE_MAX_BYTES / 1024 / 1024} MB. Choose a smaller picture.`, { field: 'file' });

/** The upload's fields, read from its multipart body with the limits above. */
async function readUploadFields(request: FastifyRequest): Promise<UploadFields> {
  // A body declared larger than any upload can be is refused before it is read.
  const declared = Number(request.headers['content-length'] ?? 0);
  if (declared > UPLOAD_BODY_LIMIT) throw tooLarge();
  const fields: UploadFields = { file: null, alt: '', key: '' };
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        if (part.fieldname === UPLOAD_FIELD.file) fields.file = { name: part.filename, data };
      } else if (part.fieldname === UPLOAD_FIELD.alt || part.fieldname === UPLOAD_FIELD.key) {
        fields[part.fieldname] = typeof part.value === 'string' ? part.value : '';
      }
    }
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    if (typeof code === 'string' && code.startsWith('FST_')) {
      throw new RestError(400, CONSOLE_REFUSAL.invalidBody, 'The upload could not be read: send one file with its alternative text and, if you like, its key.');
    }
    throw error;
  }
  return fields;
}

export default async function mediaLibraryRoutes(app: FastifyInstance, options: MediaLibraryRouteOptions): Promise<void> {
  const { db } = app;
  const { mediaDir } = app.config;
  const built = options.built ?? imageManifest;
  const liveContent = options.content ?? repositoryContent;
  await app.register(multipart, { limits: LIMITS });

  const usesByKey = async () => pictureUses(await liveContent());

  function itemOf(key: string, entry: ImageEntry, row: MediaRow | null, uses: MediaUse[], isOwner: boolean): MediaItem {
    const thumbnailUrl = variantUrl({ key, ...entry }, Math.min(...entry.widths), entry.fallback, built);
    return {
      key,
      source: row === null ? 'build' : 'upload',
      alt: row?.alt ?? null,
      width: entry.width,
      height: entry.height,
      widths: entry.widths,
      thumbnailUrl,
      bytes: row?.bytes ?? null,
      originalName: row?.original_name ?? null,
      uploadedBy: row?.uploaded_by ?? null,
      uploadedAt: row?.created_at ?? null,
      uses,
      deletable: isOwner && row !== null && uses.length === 0,
    };
  }

  app.get(route(MEDIA_ROUTE.list), consoleRoute('staff'), async (request): Promise<MediaListAnswer> => {
    const { person } = signedIn(request);
    const isOwner = person.role === 'owner';
    const [rows, uses] = await Promise.all([mediaRows(db), usesByKey()]);
    const storage = { usedBytes: await libraryBytes(mediaDir, rows), quotaBytes: app.config.mediaMaxBytes };
    const pictures = [
      ...Object.entries(built.images).map(([key, entry]) => itemOf(key, entry, null, uses.get(key) ?? [], isOwner)),
      ...rows.filter((row) => !(row.key in built.images)).map((row) => itemOf(row.key, entryOf(row), row, uses.get(row.key) ?? [], isOwner)),
    ].sort((a, b) => a.key.localeCompare(b.key));
    return { pictures, storage, mayUpload: await mayEditContent(db, person.role) };
  });

  app.post(
    route(MEDIA_ROUTE.upload),
    {
      ...consoleRoute('staff', { body: 'multipart' }),
      // What is read and dropped after an answer sent before the body's end (http/lingering-close.ts).
      bodyLimit: UPLOAD_BODY_LIMIT,
    },
    async (request, reply): Promise<UploadAnswer> => {
      const { person } = signedIn(request);
      if (!(await mayEditContent(db, person.role))) {
        throw new RestError(403, MEDIA_ERROR.editingNotAllowed, 'Only an owner can upload pictures: an owner has not allowed staff to edit the site\u2019s content. An owner can allow it on the People page (\u201cStaff may edit the site\u2019s content\u201d).');
      }
      // Per person, before the body is read (console/person-limits.ts: MEDIA_UPLOAD_RATE_LIMIT).
      await countPersonAction(app, request, PERSON_ACTIONS.upload, app.config.mediaUploadRateLimit);
      const fields = await readUploadFields(request);
      const now = app.clock();
      const row = await storeUpload(fields, { db, mediaDir, quotaBytes: app.config.mediaMaxBytes, built, uploadedBy: person.email, now });
      await recordAudit(db, auditActorOf(request), { action: 'media-upload', subject: `picture ${row.key}`, detail: { name: row.original_name, type: row.content_type, bytes: row.bytes, width: row.width, height: row.height }, now });
      reply.code(201);
      return { picture: itemOf(row.key, entryOf(row), row, (await usesByKey()).get(row.key) ?? [], person.role === 'owner') };
    },
  );

  app.post(route(MEDIA_ROUTE.delete), consoleRoute('owner'), async (request) => {
    const key = (request.params as { key?: string }).key ?? '';
    consoleBody(request, EmptyBodyStruct);
    if (key in built.images) {
      throw new RestError(409, MEDIA_ERROR.builtIn, `"${key}" is one of the site's own pictures (content/images): it is removed with a change to the repository, not here.`);
    }
    const row = MEDIA_KEY_PATTERN.test(key) ? await db.selectFrom('media').selectAll().where('key', '=', key).executeTakeFirst() : undefined;
    if (row === undefined) throw new RestError(404, CONSOLE_REFUSAL.notFound, 'There is no such picture.');
    const uses = (await usesByKey()).get(key) ?? [];
    if (uses.length > 0) {
      const where = uses.map((use) => `${use.document} (${use.path})`).join(', ');
      throw new RestError(409, MEDIA_ERROR.inUse, `"${key}" is used by ${where}. Choose another picture there first.`, { uses });
    }
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('media').where('key', '=', key).execute();
      await recordAudit(trx, auditActorOf(request), { action: 'media-delete', subject: `picture ${key}`, detail: { name: row.original_name }, now: app.clock() });
    });
    // After the commit: a file is never gone while its row still refers to it.
    await removeVariants(mediaDir, key, entryOf(row));
    return { ok: true as const };
  });
}

/**
 * An uploaded picture's file, `<basePath><key>-<width>w.<hash>.<ext>` from MEDIA_DIR, for the
 * static site to answer an address under /assets/images/ the build has no file for (its own
 * files come first: server/routes/static-site.ts, `notInBuild`). Anything else is not found.
 */
export function uploadedPictures(mediaDir: string, basePath: string = imageManifest.basePath) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
    const path = request.url.split('?')[0] ?? '';
    const file = path.startsWith(basePath) ? path.slice(basePath.length) : '';
    const match = VARIANT_FILE.exec(file);
    const onDisk = join(mediaDir, file);
    const found = match === null ? null : await stat(onDisk).catch(() => null);
    if (match === null || found === null || !found.isFile()) {
      reply.callNotFound();
      return reply;
    }
    // The name carries the hash of the picture's bytes and settings: it is the version.
    const etag = `"${file}"`;
    reply.header('cache-control', UPLOAD_CACHE_CONTROL).header('etag', etag).header('x-content-type-options', 'nosniff');
    if (matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send();
    return reply
      .type(imageMimeTypes[FORMAT_OF_EXTENSION[match[4]!]!])
      .header('content-length', found.size)
      .send(createReadStream(onDisk));
  };
}
