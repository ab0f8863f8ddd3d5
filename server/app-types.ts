import type { Kysely } from 'kysely';
import type { Config } from './config.ts';
import type { Database } from './db/types.ts';
import type { FormRegistry } from './forms/form-registry.ts';
import type { NewsletterFormRegistry } from './newsletter/newsletter-forms.ts';
import type { CaptchaStore } from './security/captcha-store.ts';
import type { NonceService } from './security/nonce-service.ts';
import type { SiteSecrets } from './security/site-secrets.ts';

// What buildApp decorates the Fastify instance with, visible to every route plugin.
declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Kysely<Database>;
    /** Ready once the app is (`app.ready()`, `listen` or the first `inject`). */
    nonces: NonceService;
    /** Keyed hashes (quiz, IP addresses, posted data); ready once the app is. */
    secrets: SiteSecrets;
    /** The contact forms, by CF7 id. */
    forms: FormRegistry;
    /** The newsletter forms, by sib_form_id. */
    newsletterForms: NewsletterFormRegistry;
    captchas: CaptchaStore;
    /** The app's clock in milliseconds (buildApp's `now`). */
    clock: () => number;
    /** Called after a submission's mail is committed to the outbox; the outbox worker sets it. */
    mailQueued: () => void;
  }
}

export {};
