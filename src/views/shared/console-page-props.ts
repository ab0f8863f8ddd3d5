// What every console page is given by the console's shell (src/views/console/): who is signed
// in, the API, and the shell's ways out (ARCHITECTURE.md, the owner's console).
import type { SessionAnswer } from '../../validation/console-access/console-access.protocol.ts';
import type { ConsoleApi } from '../../services/shared/console-api.client.ts';

export interface ConsolePageProps {
  session: SessionAnswer; // who, role, timeZone
  api: ConsoleApi; // createConsoleApi()
  onSessionEnded(): void; // call when a request answers ConsoleApiError.isSignedOut
  navigate(path: string): void; // the shell's routing (hash routes: '#/messages/12')
}
