import type { Kysely } from 'kysely';
import type { SidebarContact } from '../content/structs/sidebar-contact.struct.ts';
import type { Config } from './config.ts';
import type { Database } from './db/types.ts';
import type { FormRegistry } from './forms/form-registry.ts';
import type { MessageCatalogue } from './submissions/message-forms.ts';
import type { SubmissionWriter } from './submissions/submission-writer.ts';
import type { HitWriter } from './click-tracking/hit-writer.ts';
import type { NewsletterFormRegistry } from './newsletter/newsletter-forms.ts';
import type { OutboxSignal } from './plugins/outbox-signal.ts';
import type { LiveContent } from './plugins/app-context.ts';
import type { CaptchaStore } from './security/captcha-store.ts';
import type { NonceService } from './security/nonce-service.ts';
import type { SiteSecrets } from './security/site-secrets.ts';

// What the app's plugins (server/plugins) decorate the Fastify instance with, visible to every
// route plugin. Each is set once, by the plugin that owns it, before any route registers.
declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Kysely<Database>;
    nonces: NonceService;
    /** Keyed hashes (quiz, IP addresses, posted data). */
    secrets: SiteSecrets;
    /** The documents the served pages were rendered from (plugins/app-context.ts); a publish replaces `current`. */
    liveContent: LiveContent;
    /** The contact forms, by CF7 id: the live content's. */
    forms: FormRegistry;
    /** The newsletter forms, by sib_form_id. */
    newsletterForms: NewsletterFormRegistry;
    /** The slide-in contact panel's options and forms, by ncf_form_index: the live content's, read at each use. */
    sidebarContact: SidebarContact;
    captchas: CaptchaStore;
    /** The app's clock in milliseconds (buildApp's `now`). */
    clock: () => number;
    /** Says that mail was committed to the outbox; the outbox worker listens. */
    outbox: OutboxSignal;
    /** Group-commits accepted contact form submissions; closed with the app. */
    submissionWriter: SubmissionWriter;
    /** Every form whose messages are stored, with its fields' labels (the inbox reads it). */
    messageCatalogue: MessageCatalogue;
    /** Group-commits link click hits (Track The Click); closed with the app. */
    clickHits: HitWriter;
  }
}

export {};
