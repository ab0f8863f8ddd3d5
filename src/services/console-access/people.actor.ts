// The effects the people and audit machines invoke; the machines decide when.
import { fromPromise } from 'xstate';
import type { AuditAnswer, InviteAnswer, InviteBody, PersonRow } from '../../validation/console-access/console-access.protocol.ts';
import type { ConsoleApi } from '../shared/console-api.client.ts';
import { auditPage } from './audit-api.client.ts';
import { invitePerson, listPeople, revokePerson } from './people-api.client.ts';

export const loadPeople = fromPromise<PersonRow[], { api: ConsoleApi }>(({ input, signal }) => listPeople(input.api, signal));
export const sendInvitation = fromPromise<InviteAnswer, { api: ConsoleApi; body: InviteBody }>(({ input, signal }) => invitePerson(input.api, input.body, signal));
export const revokeAccess = fromPromise<void, { api: ConsoleApi; id: number }>(({ input, signal }) => revokePerson(input.api, input.id, signal));
export const loadAuditPage = fromPromise<AuditAnswer, { api: ConsoleApi; before: number | null }>(({ input, signal }) => auditPage(input.api, input.before, signal));
