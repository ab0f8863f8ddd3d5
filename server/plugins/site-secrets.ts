import fp from 'fastify-plugin';
import { resolveAddressHashSecret } from '../security/address-hash-key.ts';
import { createCaptchaStore } from '../security/captcha-store.ts';
import { resolveNonceSecret } from '../security/nonce-secret.ts';
import { createNonceService } from '../security/nonce-service.ts';
import { createSiteSecrets } from '../security/site-secrets.ts';

/**
 * Nonces, keyed hashes and image captchas, all bound to one secret: NONCE_SECRET, or the one
 * kept in the database. It is resolved while this plugin registers, before any route does, so
 * every decorator holds its real value from the start (the database must be migrated first).
 */
export default fp(
  async function siteSecrets(app) {
    const secret = await resolveNonceSecret(app.db, app.config.nonceSecret);
    const secrets = createSiteSecrets(secret, await resolveAddressHashSecret(app.config.addressHashSecret, app.config.addressHashKeyFile));
    app.decorate('nonces', createNonceService(secret, app.clock));
    app.decorate('secrets', secrets);
    app.decorate('captchas', createCaptchaStore(app.db, () => secrets, app.clock));
  },
  { name: 'site-secrets', fastify: '5.x', dependencies: ['app-context'] },
);
