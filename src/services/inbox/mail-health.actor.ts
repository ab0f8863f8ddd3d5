// The mail-health machine's one effect: asking the server how mail is doing.
import { fromPromise } from 'xstate';
import type { MailHealth } from '../../validation/shared/mail-health.protocol.ts';
import type { ConsoleApi } from '../shared/console-api.client.ts';
import { mailHealth } from './mail-health-api.client.ts';

export const checkMailHealth = fromPromise<MailHealth, { api: ConsoleApi }>(({ input, signal }) => mailHealth(input.api, signal));
