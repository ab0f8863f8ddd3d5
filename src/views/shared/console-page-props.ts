// What the console's shell (src/views/console/console-app.view.tsx) gives every page it shows:
// who is signed in, the API client, how to say the session ended, and its hash routing
// (ARCHITECTURE.md, "The console").
import type { ConsoleApi } from '../../services/shared/console-api.client.ts';
import type { SessionAnswer } from '../../validation/console-access/console-access.protocol.ts';

export interface ConsolePageProps {
  /** Who is signed in, their role, and the company's time zone. */
  session: SessionAnswer;
  api: ConsoleApi;
  /** Call when a request answers ConsoleApiError.isSignedOut: the shell goes back to sign-in. */
  onSessionEnded(): void;
  /** The shell's routing: a hash route such as '#/messages/12'. */
  navigate(path: string): void;
}
