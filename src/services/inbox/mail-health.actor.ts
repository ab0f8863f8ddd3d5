// The mail-health machine's one effect: asking the server how mail (and the backups) are doing.
import { fromPromise } from 'xstate';
import type { BannerHealth } from '../../validation/shared/backup-health.protocol.ts';
import type { ConsoleApi } from '../shared/console-api.client.ts';
import { mailHealth } from './mail-health-api.client.ts';

export const checkMailHealth = fromPromise<BannerHealth, { api: ConsoleApi }>(({ input, signal }) => mailHealth(input.api, signal));
