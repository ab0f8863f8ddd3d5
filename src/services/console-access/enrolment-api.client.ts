// The enrolment link's requests (README.md "How an owner starts"): what the link is for, and
// registering its passkey. The token rides in each request's JSON body, never in a path, so no
// request log or proxy's access log keeps it.
import { CONSOLE_ACCESS_ROUTE, EnrolmentAnswerStruct, type EnrolmentAnswer } from '../../validation/console-access/console-access.protocol.ts';
import type { ConsoleApi } from '../shared/console-api.client.ts';
import { passkeyErrorOf, registerPasskey } from './passkey-ceremonies.service.ts';

/** Whose link it is and for which role (404/410 as a PasskeyError: `invitationExpired`). */
export async function readInvitation(api: ConsoleApi, token: string, signal?: AbortSignal): Promise<EnrolmentAnswer> {
  try {
    return await api.post(CONSOLE_ACCESS_ROUTE.enrolment, { token }, EnrolmentAnswerStruct, signal ? { signal } : {});
  } catch (error) {
    throw passkeyErrorOf(error);
  }
}

/** Registers the invitation's passkey; the server spends the link and signs the person in. */
export function enrolWithToken(api: ConsoleApi, { token, name }: { token: string; name: string }, signal?: AbortSignal): Promise<void> {
  return registerPasskey(api, {
    optionsPath: CONSOLE_ACCESS_ROUTE.enrolmentOptions,
    verifyPath: CONSOLE_ACCESS_ROUTE.enrolmentVerify,
    name,
    body: { token },
    ...(signal ? { signal } : {}),
  });
}
