import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Transaction } from 'kysely';
import { isDocumentName, type DocumentName, type SiteContent } from '../../content/content-documents.ts';
import { imageManifest, type ImageManifest } from '../../content/image-manifest.ts';
import { CONSOLE_API, CONSOLE_REFUSAL, type AuditAction } from '../../src/validation/console/console-api.ts';
import {
  CONTENT_ERROR,
  CONTENT_ROUTE,
  EditingSettingsStruct,
  PreviewBodyStruct,
  PublishBodyStruct,
  AddProjectBodyStruct,
  type AddProjectAnswer,
  RestoreBodyStruct,
  type DocumentAnswer,
  type DocumentListAnswer,
  type EditingSettings,
  type PreviewAnswer,
  type Problem,
  type PublishAnswer,
  type RevisionListAnswer,
  ReplaceBodyStruct,
  SearchTextStruct,
  SEARCH_TEXT_MAX,
  SCHEDULES_WAITING_MAX,
  type ReplaceAnswer,
  type SearchAnswer,
  ScheduleBodyStruct,
  ScheduleProjectBodyStruct,
  type ScheduledChange,
  type ScheduleListAnswer,
} from '../../src/validation/content-editor/content-editor.protocol.ts';
import { publishAtOf } from '../../src/validation/content-editor/publish-at.ts';
import { ROW_ID_MAX } from '../../src/validation/shared/bulk-action.protocol.ts';
import { cancelSchedule, listSchedules, scheduleDocument, scheduleProject, searchWaiting, type ScheduleOutcome } from './content-schedules.ts';
import { replaceNote, SEARCH_PLACES_MAX } from '../../src/validation/content-editor/content-search.ts';
import { is } from 'superstruct';
import { recordAudit } from '../console/console-audit.ts';
import { consoleBody } from '../console/console-body.ts';
import { auditActorOf, consoleRoute, signedIn } from '../console/console-guard.ts';
import type { Database } from '../db/types.ts';
import { RestError } from '../http/rest-error.ts';
import { addProject, documentSummaries, draftProblems, liveDocument, publish, readLiveContent, replaceEverywhere, repositoryOnlyProblems, restore, revision, revisions, searchLive, type AddProjectOutcome, type RestoreOutcome } from './content-store.ts';
import { mayEditContent, setStaffMayEdit, staffMayEdit } from '../console/content-editing.ts';
import type { SiteRenderer } from '../site-render/render-site.ts';
import { refuseTooLong } from './content-too-long.ts';
import { countPersonAction, PERSON_ACTIONS } from '../console/person-limits.ts';
import { previewPages } from './preview-pages.ts';
import { fileOfPath, pathsOf } from './document-paths.ts';

/*
 * The content editor's routes (README.md, "Editing the site"), below CONSOLE_API, each behind
 * the console's checks (server/console/console-guard.ts). Both roles read; owners publish and
 * restore, staff too when an owner allows it (content_settings). A publish is stored, then
 * `app.contentPublished(revision)` makes it live (the live site's renderer); if that fails the
 * revision stays stored and the answer is 503 content_render_failed: the pages are rendered
 * again when the revision is next noticed.
 */


declare module 'fastify' {
  interface FastifyInstance {
    /** Renders the site for content (the preview); null where none is set up. */
    siteRenderer: SiteRenderer | null;
    /** The pictures content may show: the build's image manifest, with the console's uploads where the app adds them. */
    contentImages: () => Promise<ImageManifest>;
  }
}

export interface ContentEditorOptions {
  siteRenderer?: SiteRenderer | null;
  /** The live image manifest (server/app.ts gives the media library's: the build's pictures and the uploads). */
  contentImages?: () => Promise<ImageManifest>;
}

/** A preview lives this long, and a session keeps at most this many. */
export const PREVIEW_TTL_MS = 10 * 60 * 1000;
export const PREVIEWS_PER_SESSION = 20;

const route = (path: string) => `${CONSOLE_API}${path}`;

const unknownDocument = (what = 'There is no such document.') => new RestError(404, CONTENT_ERROR.unknownDocument, what);

function documentName(request: FastifyRequest): DocumentName {
  const name = (request.params as Record<string, string>).name ?? '';
  if (!isDocumentName(name)) throw unknownDocument(`There is no document named "${name}".`);
  return name;
}

function revisionNumber(request: FastifyRequest): number {
  const raw = (request.params as Record<string, string>).revision ?? '';
  if (!/^(0|[1-9]\d{0,9})$/.test(raw)) throw unknownDocument('There is no such revision.');
  return Number(raw);
}

const keysOf = (images: ImageManifest): ReadonlySet<string> => new Set(Object.keys(images.images));

/** A draft that changes what only the repository sets (the contact form's API actions and allowed hosts): 403, each field named. */
const notEditable = (problems: Problem[]) =>
  new RestError(403, CONTENT_ERROR.fieldNotEditable, 'This document has parts only the repository sets; they cannot be changed in the console.', { field: problems[0]?.path ?? '', problems });

export default fp<ContentEditorOptions>(
  async function contentEditorRoutes(app: FastifyInstance, options) {
    app.decorate('siteRenderer', options.siteRenderer ?? null);
    app.decorate('contentImages', options.contentImages ?? (async () => imageManifest));
    const { db } = app;
    const pages = previewPages(() => app.clock());

    async function canEdit(request: FastifyRequest): Promise<boolean> {
      return mayEditContent(db, signedIn(request).person.role);
    }

    async function mustEdit(request: FastifyRequest): Promise<void> {
      if (!(await canEdit(request))) throw new RestError(403, CONSOLE_REFUSAL.wrongRole, 'An owner has not allowed staff to edit the site\u2019s content. An owner can allow it on the People page (\u201cStaff may edit the site\u2019s content\u201d).');
    }

    const audited = (request: FastifyRequest, action: AuditAction) => async (trx: Transaction<Database>, stored: number, document: DocumentName) => {
      await recordAudit(trx, auditActorOf(request), { action, subject: `content ${document}`, detail: { document, revision: stored }, now: app.clock() });
    };

    /** The answer to a publish or restore: stored, then made live by the hook. */
    async function published(outcome: RestoreOutcome | AddProjectOutcome): Promise<PublishAnswer> {
      if (outcome.status === 'unknown') throw unknownDocument('There is no such revision.');
      if (outcome.status === 'conflict') {
        throw new RestError(409, CONTENT_ERROR.conflict, `This document was published since your draft began (now revision ${outcome.current.revision}).`, { current: outcome.current });
      }
      if (outcome.status === 'invalid') throw new RestError(400, CONTENT_ERROR.invalidDocument, 'The document is not valid.', { problems: outcome.problems });
      if (outcome.status === 'notEditable') throw notEditable(outcome.problems);
      try {
        await app.contentPublished(outcome.revision);
      } catch (error) {
        app.log.error({ err: error, revision: outcome.revision }, 'content: the published revision could not be rendered');
        throw new RestError(503, CONTENT_ERROR.renderFailed, `Revision ${outcome.revision} is stored, but the pages could not be rendered; they are rendered again when it is next noticed.`, { revision: outcome.revision });
      }
      return { revision: outcome.revision, number: outcome.number, publishedAt: outcome.publishedAt };
    }

    const author = (request: FastifyRequest) => {
      const { person } = signedIn(request);
      return { id: person.id, name: person.email };
    };

    app.get(route(CONTENT_ROUTE.documents), consoleRoute('staff'), async (request): Promise<DocumentListAnswer> => ({
      documents: await documentSummaries(db),
      canEdit: await canEdit(request),
    }));

    app.get(route(CONTENT_ROUTE.document), consoleRoute('staff'), async (request): Promise<DocumentAnswer> => ({
      ...(await liveDocument(db, documentName(request))),
      canEdit: await canEdit(request),
    }));

    app.get(route(CONTENT_ROUTE.revisions), consoleRoute('staff'), async (request): Promise<RevisionListAnswer> => ({ revisions: await revisions(db, documentName(request)) }));

    app.get(route(CONTENT_ROUTE.revision), consoleRoute('staff'), async (request): Promise<DocumentAnswer> => {
      const found = await revision(db, documentName(request), revisionNumber(request));
      if (found === undefined) throw unknownDocument('There is no such revision of this document.');
      return found;
    });

    app.post(route(CONTENT_ROUTE.publish), consoleRoute('staff'), async (request): Promise<PublishAnswer> => {
      const name = documentName(request);
      await mustEdit(request);
      await countPersonAction(app, request, PERSON_ACTIONS.publish, app.config.contentPublishRateLimit);
      const body = consoleBody(request, PublishBodyStruct);
      refuseTooLong(body.document);
      const outcome = await publish(
        db,
        { name, document: body.document, note: body.note.trim(), baseRevision: body.baseRevision, author: author(request), now: app.clock() },
        { imageKeys: keysOf(await app.contentImages()), onStored: audited(request, 'content-publish') },
      );
      return published(outcome);
    });

    app.post(route(CONTENT_ROUTE.addProject), consoleRoute('staff'), async (request): Promise<AddProjectAnswer> => {
      await mustEdit(request);
      await countPersonAction(app, request, PERSON_ACTIONS.publish, app.config.contentPublishRateLimit);
      const body = consoleBody(request, AddProjectBodyStruct);
      refuseTooLong(body.project);
      const outcome = await addProject(
        db,
        { project: body.project, note: body.note.trim(), author: author(request), now: app.clock() },
        { imageKeys: keysOf(await app.contentImages()), onStored: audited(request, 'content-publish') },
      );
      const answer = await published(outcome);
      return { ...answer, path: outcome.status === 'published' ? outcome.path : '' };
    });

    app.post(route(CONTENT_ROUTE.restore), consoleRoute('staff'), async (request): Promise<PublishAnswer> => {
      const name = documentName(request);
      await mustEdit(request);
      await countPersonAction(app, request, PERSON_ACTIONS.publish, app.config.contentPublishRateLimit);
      const body = consoleBody(request, RestoreBodyStruct);
      const outcome = await restore(
        db,
        { name, revision: body.revision, baseRevision: body.baseRevision, author: author(request), now: app.clock() },
        { imageKeys: keysOf(await app.contentImages()), onStored: audited(request, 'content-restore') },
      );
      return published(outcome);
    });

    // Find and replace (README.md, "Editing the site"): both roles search; a replacement publishes, so it is checked as a publish.
    app.get(route(CONTENT_ROUTE.search), consoleRoute('staff'), async (request): Promise<SearchAnswer> => {
      const text = (request.query as Record<string, unknown>).text;
      if (typeof text !== 'string' || text.trim() === '') throw new RestError(400, CONSOLE_REFUSAL.invalidBody, 'Write the text to find.', { field: 'text' });
      if (!is(text, SearchTextStruct)) throw new RestError(400, CONSOLE_REFUSAL.invalidBody, `The text to find is at most ${SEARCH_TEXT_MAX} characters.`, { field: 'text' });
      return { ...(await searchLive(db, text)), drafts: await searchWaiting(db, text), canEdit: await canEdit(request) };
    });

    app.post(route(CONTENT_ROUTE.replace), consoleRoute('staff'), async (request): Promise<ReplaceAnswer> => {
      await mustEdit(request);
      await countPersonAction(app, request, PERSON_ACTIONS.publish, app.config.contentPublishRateLimit);
      const body = consoleBody(request, ReplaceBodyStruct);
      if (body.text.trim() === '') throw new RestError(400, CONSOLE_REFUSAL.invalidBody, 'Write the text to find.', { field: 'text' });
      if (body.replacement === body.text) throw new RestError(400, CONSOLE_REFUSAL.invalidBody, 'The replacement is the text found: nothing would change.', { field: 'replacement' });
      const note = body.note.trim() === '' ? replaceNote(body.text, body.replacement) : body.note.trim();
      const outcome = await replaceEverywhere(
        db,
        { text: body.text, replacement: body.replacement, note, documents: body.documents, author: author(request), now: app.clock() },
        { imageKeys: keysOf(await app.contentImages()), onStored: audited(request, 'content-publish') },
      );
      if (outcome.status === 'conflict') {
        throw new RestError(409, CONTENT_ERROR.conflict, `${outcome.current.title} was published since the search (now revision ${outcome.current.number}); search again to see what would change.`, { current: outcome.current });
      }
      if (outcome.status === 'tooMany') {
        throw new RestError(400, CONTENT_ERROR.tooManyPlaces, `\u201c${body.text}\u201d is in ${outcome.count} places, more than the ${SEARCH_PLACES_MAX} a replacement may change at once: search for a longer text.`, { field: 'text', count: outcome.count });
      }
      if (outcome.status === 'nothing') throw new RestError(400, CONTENT_ERROR.nothingToReplace, `\u201c${body.text}\u201d is not in any live document.`, { field: 'text' });
      if (outcome.status === 'invalid') throw new RestError(400, CONTENT_ERROR.replaceInvalid, 'With the replacement, some fields would not be valid; nothing was changed.', { places: outcome.problems });
      const last = outcome.published.at(-1)?.revision ?? 0;
      try {
        await app.contentPublished(last);
      } catch (error) {
        app.log.error({ err: error, revision: last }, 'content: the replaced revisions could not be rendered');
        throw new RestError(503, CONTENT_ERROR.renderFailed, `The revisions are stored, but the pages could not be rendered; they are rendered again when next noticed.`, { revision: last });
      }
      return { published: outcome.published, publishedAt: outcome.publishedAt };
    });

    // Scheduled publishing (README.md, "Editing the site"): checked now, published by the jobs process at its time.
    const scheduled = (outcome: ScheduleOutcome): ScheduledChange => {
      if (outcome.status === 'conflict') {
        throw new RestError(409, CONTENT_ERROR.conflict, `This document was published since your draft began (now revision ${outcome.current.number}).`, { current: outcome.current });
      }
      if (outcome.status === 'invalid') throw new RestError(400, CONTENT_ERROR.invalidDocument, 'The document is not valid.', { problems: outcome.problems });
      if (outcome.status === 'notEditable') throw notEditable(outcome.problems);
      if (outcome.status === 'tooMany') throw new RestError(409, CONTENT_ERROR.tooManyScheduled, `${SCHEDULES_WAITING_MAX} changes are waiting already: publish or cancel one on Site content first.`);
      return outcome.change;
    };
    const publishAtFrom = (text: string): number => {
      const checked = publishAtOf(text, app.clock());
      if ('problem' in checked) throw new RestError(400, CONSOLE_REFUSAL.invalidBody, checked.problem, { field: 'publishAt' });
      return checked.at;
    };
    const auditedSchedule = (request: FastifyRequest, action: AuditAction) => async (trx: Transaction<Database>, change: ScheduledChange) => {
      await recordAudit(trx, auditActorOf(request), { action, subject: `content ${change.name}`, detail: { schedule: change.id, kind: change.kind, document: change.name, publishAt: change.publishAt }, now: app.clock() });
    };

    app.post(route(CONTENT_ROUTE.schedule), consoleRoute('staff'), async (request): Promise<ScheduledChange> => {
      const name = documentName(request);
      await mustEdit(request);
      await countPersonAction(app, request, PERSON_ACTIONS.publish, app.config.contentPublishRateLimit);
      const body = consoleBody(request, ScheduleBodyStruct);
      refuseTooLong(body.document);
      const publishAt = publishAtFrom(body.publishAt);
      return scheduled(
        await scheduleDocument(
          db,
          { name, document: body.document, baseRevision: body.baseRevision, note: body.note.trim(), publishAt, author: author(request), now: app.clock(), onStored: auditedSchedule(request, 'content-schedule') },
          { imageKeys: keysOf(await app.contentImages()) },
        ),
      );
    });

    app.post(route(CONTENT_ROUTE.scheduleProject), consoleRoute('staff'), async (request): Promise<ScheduledChange> => {
      await mustEdit(request);
      await countPersonAction(app, request, PERSON_ACTIONS.publish, app.config.contentPublishRateLimit);
      const body = consoleBody(request, ScheduleProjectBodyStruct);
      refuseTooLong(body.project);
      const publishAt = publishAtFrom(body.publishAt);
      return scheduled(await scheduleProject(db, { project: body.project, note: body.note.trim(), publishAt, author: author(request), now: app.clock(), onStored: auditedSchedule(request, 'content-schedule') }));
    });

    app.get(route(CONTENT_ROUTE.schedules), consoleRoute('staff'), async (): Promise<ScheduleListAnswer> => ({ schedules: await listSchedules(db) }));

    app.post<{ Params: { id: string } }>(route(CONTENT_ROUTE.cancelSchedule), consoleRoute('staff'), async (request): Promise<ScheduledChange> => {
      await mustEdit(request);
      await countPersonAction(app, request, PERSON_ACTIONS.publish, app.config.contentPublishRateLimit);
      const raw = request.params.id;
      if (!/^[1-9]\d{0,9}$/.test(raw) || Number(raw) > ROW_ID_MAX) throw new RestError(404, CONSOLE_REFUSAL.notFound, 'There is no such scheduled change.');
      const outcome = await cancelSchedule(db, Number(raw), { by: signedIn(request).person.email, now: app.clock(), onStored: auditedSchedule(request, 'content-schedule-cancel') });
      if (outcome.status === 'unknown') throw new RestError(404, CONSOLE_REFUSAL.notFound, 'There is no such scheduled change.');
      if (outcome.status === 'notWaiting') throw new RestError(409, CONTENT_ERROR.scheduleNotWaiting, `This change is ${outcome.change.state} already: it can no longer be cancelled.`, { schedule: outcome.change });
      return outcome.change;
    });

    app.get(route(CONTENT_ROUTE.settings), consoleRoute('owner'), async (): Promise<EditingSettings> => ({ staffMayEdit: await staffMayEdit(db) }));

    app.post(route(CONTENT_ROUTE.settings), consoleRoute('owner'), async (request): Promise<EditingSettings> => {
      const { staffMayEdit: allowed } = consoleBody(request, EditingSettingsStruct);
      // The rule and who changed it, together.
      await db.transaction().execute(async (trx) => {
        await setStaffMayEdit(trx, allowed);
        await recordAudit(trx, auditActorOf(request), { action: 'content-settings', subject: 'content settings', detail: { staffMayEdit: allowed }, now: app.clock() });
      });
      return { staffMayEdit: allowed };
    });

    // Preview: the draft is kept (content_previews) for the frame's GET, which may reach another process.
    app.post(route(CONTENT_ROUTE.preview), consoleRoute('staff'), async (request): Promise<PreviewAnswer> => {
      const name = documentName(request);
      await mustEdit(request);
      await countPersonAction(app, request, PERSON_ACTIONS.preview, app.config.contentPreviewRateLimit);
      const body = consoleBody(request, PreviewBodyStruct);
      refuseTooLong(body.document);
      const repositoryOnly = repositoryOnlyProblems(name, body.document);
      if (repositoryOnly.length > 0) throw notEditable(repositoryOnly);
      const live = await readLiveContent(db);
      const problems = draftProblems(live, name, body.document, keysOf(await app.contentImages()));
      if (problems.length > 0) throw new RestError(400, CONTENT_ERROR.invalidDocument, 'The document is not valid.', { problems });
      const paths = pathsOf(name, { ...live, [name]: body.document } as SiteContent);
      const path = body.path ?? paths[0] ?? '/';
      if (!paths.includes(path)) throw new RestError(400, CONSOLE_REFUSAL.invalidBody, `This document is not on ${path}; it is on ${paths.join(', ')}.`, { field: 'path' });
      const now = app.clock();
      const id = randomBytes(18).toString('base64url');
      const session = signedIn(request).idHash;
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('content_previews').where('expires_at', '<=', new Date(now).toISOString()).execute();
        await trx
          .insertInto('content_previews')
          .values({ id, session_hash: session, document: name, body: JSON.stringify(body.document), path, created_at: new Date(now).toISOString(), expires_at: new Date(now + PREVIEW_TTL_MS).toISOString() })
          .execute();
        const kept = await trx.selectFrom('content_previews').select('id').where('session_hash', '=', session).orderBy('created_at', 'desc').orderBy('id').offset(PREVIEWS_PER_SESSION).limit(1000).execute();
        if (kept.length > 0) await trx.deleteFrom('content_previews').where('id', 'in', kept.map((row) => row.id)).execute();
      });
      return { url: route(CONTENT_ROUTE.previewPage.replace(':id', id)), paths };
    });

    app.get<{ Params: { id: string } }>(route(CONTENT_ROUTE.previewPage), consoleRoute('staff'), async (request, reply) => {
      const now = app.clock();
      const preview = await db
        .selectFrom('content_previews')
        .selectAll()
        .where('id', '=', request.params.id)
        .where('session_hash', '=', signedIn(request).idHash)
        .where('expires_at', '>', new Date(now).toISOString())
        .executeTakeFirst();
      if (preview === undefined || !isDocumentName(preview.document)) throw new RestError(404, CONSOLE_REFUSAL.notFound, 'This preview has expired or was never made; preview the draft again.');
      const renderer = app.siteRenderer;
      if (renderer === null) throw new RestError(503, CONTENT_ERROR.renderFailed, 'This server cannot render pages (no build to render them with).');
      // Rendered once a process (a preview never changes), in the render worker, the one page alone where the renderer can.
      const page = await pages.page(preview.id, Date.parse(preview.expires_at), async () => {
        const content = { ...(await readLiveContent(db)), [preview.document]: JSON.parse(preview.body) } as SiteContent;
        const wanted = fileOfPath(preview.path);
        const images = await app.contentImages();
        if (renderer.renderPage !== undefined) return renderer.renderPage(content, new Date(now), images, wanted);
        return (await renderer.render(content, new Date(now), images)).find((file) => file.relative === wanted);
      });
      if (page === undefined) throw new RestError(503, CONTENT_ERROR.renderFailed, `The renderer made no page for ${preview.path}.`);
      // The console's frame only (frame-ancestors 'self'), never kept (the console guard's no-store).
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('content-security-policy', previewPolicy(reply.getHeader('content-security-policy')))
        .send(withoutScripts(String(page.body)));
    });
  },
  { name: 'content-editor-routes', fastify: '5.x', dependencies: ['console-guard'] },
);

/**
 * A preview without the page's JavaScript (its module script and preloads; the JSON it carries
 * stays, inert): the page would hydrate as the route of the preview's own address. previewPolicy
 * refuses scripts as well, for a browser that ignores neither.
 */
export function withoutScripts(html: string): string {
  return html.replace(/<script\b(?=[^>]*\bsrc=)[^>]*><\/script>\s*/gi, '').replace(/<link\b(?=[^>]*\brel="modulepreload")[^>]*>\s*/gi, '');
}

/**
 * The site's own policy (server/plugins/security-headers.ts), framed by its own pages only, and
 * with no script: a prerendered page is complete without JavaScript (ARCHITECTURE.md, "A page's
 * life"), and the page's script would hydrate it as the route of the preview's own address.
 */
export function previewPolicy(sitePolicy: unknown): string {
  const directives = String(sitePolicy ?? "default-src 'self'")
    .split(';')
    .map((directive) => directive.trim())
    .filter((directive) => directive !== '' && !/^(frame-ancestors|script-src)(\s|$)/.test(directive));
  return [...directives, "script-src 'none'", "frame-ancestors 'self'"].join(';');
}
