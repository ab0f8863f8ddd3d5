import type { FastifyInstance } from 'fastify';
import { CONSOLE_REFUSAL } from '../../src/validation/console/console-api.ts';
import { perAddressLimit } from '../http/rate-limit.ts';
import enrolmentRoutes from './enrolment.route.ts';
import passkeyRoutes from './passkeys.route.ts';
import peopleRoutes from './people.route.ts';
import sessionRoutes from './session.route.ts';
import signInRoutes from './sign-in.route.ts';

/** Every route of CONSOLE_ACCESS_ROUTE, registered under CONSOLE_API (server/app.ts). */
export default async function consoleAccessRoutes(app: FastifyInstance): Promise<void> {
  // The ceremonies of people not yet signed in share one per-address limit (CONSOLE_SIGN_IN_RATE_LIMIT).
  await app.register(async function ceremonies(scope) {
    const limited = await perAddressLimit(scope, scope.config.consoleSignInRateLimit, { code: CONSOLE_REFUSAL.rateLimited, what: 'sign-in attempts' });
    await scope.register(signInRoutes, { limited });
    await scope.register(enrolmentRoutes, { limited });
  });
  await app.register(sessionRoutes);
  await app.register(passkeyRoutes);
  await app.register(peopleRoutes);
}
