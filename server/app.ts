import { existsSync } from 'node:fs';
import path from 'node:path';
import { createServer } from 'node:http';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Kysely } from 'kysely';
import './app-types.ts';
import { CONSOLE_API } from '../src/validation/console/console-api.ts';
import type { FormDefinition } from '../content/forms/index.ts';
import type { NewsletterForm } from '../content/structs/newsletter-form.struct.ts';
import type { SidebarContact } from '../content/structs/sidebar-contact.struct.ts';
import type { Config } from './config.ts';
import type { BeforeSendMailHook } from './contact-form/process-submission.ts';
import type { Database } from './db/types.ts';
import appContext from './plugins/app-context.ts';
import { registerCompression } from './plugins/compression.ts';
import { installErrorHandler, installNotFoundHandler } from './plugins/error-handling.ts';
import { installLingeringClose } from './http/lingering-close.ts';
import outboxSignal from './plugins/outbox-signal.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import siteSecrets from './plugins/site-secrets.ts';
import submissionWriter from './plugins/submission-writer.ts';
import clickHits from './plugins/click-hits.ts';
import consoleGuard from './console/console-guard.ts';
import consoleAccessRoutes from './console-access/console-access.routes.ts';
import inboxRoutes from './inbox/inbox.route.ts';
import contentEditorRoutes, { type ContentEditorOptions } from './content-editor/content-editor.route.ts';
import { liveRevision, readLiveContent } from './content-editor/content-store.ts';
import subscribersRoutes from './newsletter/subscribers.route.ts';
import personRecordsRoutes from './privacy/person-records.route.ts';
import { spamReleaser } from './spam-release.ts';
import adminAjaxRoutes from './routes/admin-ajax.ts';
import captchaImageRoutes from './routes/captcha-image.ts';
import contactFormFeedbackRoutes from './contact-form/contact-form-feedback.route.ts';
import contactFormRefillRoutes from './contact-form/contact-form-refill.route.ts';
import contactFormSchemaRoutes from './contact-form/contact-form-schema.route.ts';
import healthzRoutes from './routes/healthz.ts';
import dashboardRoutes from './dashboard/dashboard.route.ts';
import backupsRoutes from './backups/backups.route.ts';
import mediaLibraryRoutes, { uploadedPictures, type MediaLibraryRouteOptions } from './media-library/media-library.route.ts';
import { liveImageManifest } from './media-library/live-image-manifest.ts';
import type { SiteRenderer } from './site-render/render-site.ts';
import { workerSiteRenderer } from './site-render/worker-renderer.ts';
import mailHealthRoutes from './inbox/mail-health.route.ts';
import newsletterLinkRoutes from './newsletter/newsletter-links.route.ts';
import newsletterSubscribeRoutes from './newsletter/newsletter-subscribe.route.ts';
import nonceRoutes from './routes/nonce.ts';
import siteConfigRoutes from './routes/site-config.ts';
import staticSiteRoutes, { liveSiteOf } from './routes/static-site.ts';
import siteGenerationsPlugin, { type SiteGenerationsPluginOptions } from './site-generations/site-generations.plugin.ts';
import { loggerOptions, RequestLogController } from './http/request-log.ts';
import trackTheClickRoutes from './click-tracking/track-the-click.route.ts';
import clickReportsRoutes from './click-tracking/click-reports.route.ts';
import { readPageLinks } from './click-tracking/site-pages.ts';
import { livePageLinks } from './site-generations/live-page-links.ts';
import { revisionUid } from './site-generations/generation-stamp.ts';

export interface BuildAppOptions {
  config: Config;
  /** An open database, already migrated (see runMigrations): the secrets are read from it. */
  db: Kysely<Database>;
  /** Fastify's logger option; defaults to JSON logs at config.logLevel. Tests pass false. */
  logger?: FastifyServerOptions['logger'];
  /** A logger already made (the entry point's, which logs before the app exists). */
  loggerInstance?: FastifyBaseLogger;
  /** Clock in milliseconds, for nonces, captchas and submissions; tests may freeze it. */
  now?: () => number;
  /** The contact forms; defaults to content/forms. Tests register forms of their own. */
  forms?: readonly FormDefinition[];
  /** CF7's wpcf7_before_send_mail: a hook may abort a submission (status `aborted`). */
  beforeSendMail?: readonly BeforeSendMailHook[];
  /** The newsletter forms; defaults to content/documents/newsletter-forms.json. */
  newsletterForms?: readonly NewsletterForm[];
  /** The sidebar panel's options and forms; defaults to content/documents/sidebar-contact.json. */
  sidebarContact?: SidebarContact;
  /** The content editor's hooks: make a published revision live, render a preview (README.md, "Editing the site"). */
  contentEditor?: ContentEditorOptions;
  /** The live site (README.md "Live in seconds"): the renderer, the store, and how other processes are told. */
  siteGenerations?: Omit<SiteGenerationsPluginOptions, 'live'>;
  /** The media library's live content and editing rule (server/media-library/media-library.route.ts). */
  mediaLibrary?: MediaLibraryRouteOptions;
  /**
   * Renders the site for content, for the live site and the editor's preview (README.md, "Editing
   * the site"); default: the build's SSR bundle beside STATIC_ROOT (`dist/ssr` for `dist/client`),
   * none where the build has none. `null`: none.
   */
  siteRenderer?: SiteRenderer | null;
}

/**
 * The build's renderer: dist/ssr beside dist/client, when the build wrote one, run in a worker
 * thread so a render never holds the event loop (site-render/worker-renderer.ts).
 */
export function builtSiteRenderer(staticRoot: string): SiteRenderer | null {
  const ssrDir = path.resolve(staticRoot, '..', 'ssr');
  return existsSync(path.join(ssrDir, 'entry-server.js')) ? workerSiteRenderer({ ssrDir }) : null;
}

/**
 * The whole HTTP application, not yet listening. Routes added to the returned instance
 * before it is ready get the same compression, headers and error handling.
 */
export async function buildApp({
  config,
  db,
  logger,
  loggerInstance,
  now = Date.now,
  forms,
  beforeSendMail = [],
  newsletterForms,
  sidebarContact,
  contentEditor = {},
  siteGenerations = {},
  mediaLibrary = {},
  siteRenderer: renderer = builtSiteRenderer(config.staticRoot),
}: BuildAppOptions): Promise<FastifyInstance> {
  // trustProxy: behind a load balancer request.ip (rate limits, IP hashes) comes from
  // X-Forwarded-For; absolute URLs and the reCAPTCHA hostname come from SITE_URL, never a header.
  const { timeouts } = config;
  const app = Fastify({
    ...(loggerInstance ? { loggerInstance } : { logger: logger ?? loggerOptions(config.logLevel) }),
    // Fastify's request lines carry the address and the query: request-log.ts keeps them short.
    logController: new RequestLogController(),
    trustProxy: trustProxyOption(config.trustProxy),
    // A request that reaches a draining server on a connection it already had (a proxy's kept
    // connection) is served in the grace period and its connection then closed, not answered
    // Fastify's code-less 503: a proxy does not send a POST to another server after a 503, so
    // the visitor would see a failure for a message this server could still store (README,
    // "Deployment"; test/ops/nginx-two-servers.ops.test.ts).
    return503OnClosing: false,
    // Slow and stalled clients: Node answers 408 and closes a request that has not arrived whole
    // in time; it looks every second (its default, 30 s, would let a stalled socket live on).
    serverFactory: (handler) =>
      createServer(
        {
          requestTimeout: timeouts.requestMs,
          headersTimeout: timeouts.headersMs,
          keepAliveTimeout: timeouts.keepAliveMs,
          connectionsCheckingInterval: 1000,
        },
        handler,
      ),
  });

  // The renderer's worker ends with the app, once the render under way is done (worker-renderer.ts).
  app.addHook('onClose', async () => {
    await renderer?.close?.();
  });

  // The app's own plugins first (fastify-plugin, so their decorators reach every route); the
  // secrets plugin reads the database, so the caller has run the migrations.
  await app.register(appContext, { config, db, now, forms, newsletterForms, ...(sidebarContact ? { sidebarContact } : {}) });
  await app.register(siteSecrets);
  await app.register(outboxSignal);
  await app.register(submissionWriter);
  await app.register(clickHits);
  // request.cookies for every route: the nonce cookie (security/nonce-cookie.ts).
  await app.register(cookie);
  // request.consoleSession, and the console's no-store / noindex answers (console/console-guard.ts).
  await app.register(consoleGuard);

  // An answer sent before its request's body was read closes the connection only once the
  // rest has been read (bounded), so the client gets it: every route, the 404s and errors.
  installLingeringClose(app, timeouts.lingerMs);
  installErrorHandler(app);
  // The site served now: the build's files, then each published generation's (site-generations/).
  const live = liveSiteOf(config.staticRoot);
  installNotFoundHandler(app, config.staticRoot, () => live.current.notFound);
  // Both attach to routes as they are declared, so they come before any route.
  await app.register(registerSecurityHeaders);
  await registerCompression(app);

  await app.register(healthzRoutes);
  await app.register(siteConfigRoutes);
  await app.register(nonceRoutes);
  await app.register(contactFormSchemaRoutes);
  await app.register(contactFormFeedbackRoutes, { beforeSendMail });
  await app.register(contactFormRefillRoutes);
  await app.register(captchaImageRoutes);
  await app.register(newsletterSubscribeRoutes);
  await app.register(newsletterLinkRoutes);
  await app.register(adminAjaxRoutes);
  // The click beacons follow the served pages' list: a page published in the console takes clicks at once.
  const pageLinks = livePageLinks(live, await readPageLinks(config.staticRoot));
  await app.register(trackTheClickRoutes, { pageLinks });
  await app.register(consoleAccessRoutes, { prefix: CONSOLE_API });
  await app.register(mailHealthRoutes, { prefix: CONSOLE_API });
  await app.register(inboxRoutes, { releaseSpam: spamReleaser({ findForm: (id) => app.forms.find(id), sidebarContact: () => app.sidebarContact, siteName: () => app.liveContent.current.company.name, mailTo: config.mailTo }) });
  await app.register(subscribersRoutes);
  await app.register(personRecordsRoutes);
  // The live site first: a publish makes its revision live through app.contentPublished.
  await app.register(siteGenerationsPlugin, {
    ...siteGenerations,
    content: siteGenerations.content ?? {
      liveRevision: () => liveRevision(app.db),
      revisionUid: (revision) => revisionUid(app.db, revision),
      readLiveContent: () => readLiveContent(app.db),
      readImageManifest: () => liveImageManifest(app.db),
    },
    ...(renderer === null || siteGenerations.renderer !== undefined ? {} : { renderer }),
    live,
  });
  // A draft may show the build's pictures and the uploaded ones: the renderer draws both from the
  // live image manifest, and each page carries its pictures' entries (README.md, "Pictures in the console").
  await app.register(contentEditorRoutes, { siteRenderer: renderer, contentImages: () => liveImageManifest(app.db), ...contentEditor });

  await app.register(clickReportsRoutes, { pageLinks });
  await app.register(dashboardRoutes);
  await app.register(backupsRoutes);
  await app.register(mediaLibraryRoutes, mediaLibrary);
  await app.register(staticSiteRoutes, { root: config.staticRoot, siteUrl: config.siteUrl, live, notInBuild: uploadedPictures(config.mediaDir) });

  return app;
}

/** Fastify trusts a hop count too, but its types only name a function for it. */
function trustProxyOption(value: Config['trustProxy']): false | string[] | ((address: string, hop: number) => boolean) {
  return typeof value === 'number' ? (_address, hop) => hop < value : value;
}
