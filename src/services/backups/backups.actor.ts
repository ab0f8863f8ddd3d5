// The Backups machine's effects: reading the page's answer, starting a backup, copying an archive again.
import { fromPromise } from 'xstate';
import type { Backups, Started } from '../../validation/backups/backups.protocol.ts';
import type { ConsoleApi } from '../shared/console-api.client.ts';
import { readBackups, startBackup, startCopy } from './backups.client.ts';

export const loadBackups = fromPromise<Backups, { api: ConsoleApi }>(({ input, signal }) => readBackups(input.api, signal));
export const requestBackup = fromPromise<Started, { api: ConsoleApi }>(({ input, signal }) => startBackup(input.api, signal));
export const requestCopy = fromPromise<Started, { api: ConsoleApi; archive: string }>(({ input, signal }) => startCopy(input.api, input.archive, signal));
