// The console's people: who has access, invitations and revocations (owner only), over the
// console's one client (services/shared/console-api.client.ts) and the sign-in protocol.
import { OkAnswerStruct } from '../../validation/console/console-api.ts';
import {
  CONSOLE_ACCESS_ROUTE,
  InviteAnswerStruct,
  PeopleAnswerStruct,
  type InviteAnswer,
  type InviteBody,
  type PersonRow,
} from '../../validation/console-access/console-access.protocol.ts';
import type { ConsoleApi } from '../shared/console-api.client.ts';

export async function listPeople(api: ConsoleApi, signal?: AbortSignal): Promise<PersonRow[]> {
  const answer = await api.get(CONSOLE_ACCESS_ROUTE.people, PeopleAnswerStruct, signal ? { signal } : {});
  return answer.people;
}

export function invitePerson(api: ConsoleApi, body: InviteBody, signal?: AbortSignal): Promise<InviteAnswer> {
  return api.post(CONSOLE_ACCESS_ROUTE.invite, body, InviteAnswerStruct, signal ? { signal } : {});
}

export async function revokePerson(api: ConsoleApi, id: number, signal?: AbortSignal): Promise<void> {
  await api.post(CONSOLE_ACCESS_ROUTE.revoke.replace(':id', String(id)), {}, OkAnswerStruct, signal ? { signal } : {});
}
