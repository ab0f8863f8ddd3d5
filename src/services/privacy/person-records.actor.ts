// The effects the personRecords machine invokes, over the console API the page was given.
import { fromPromise } from 'xstate';
import type { PersonRecords } from '../../validation/privacy/person-records.protocol.ts';
import type { ConsoleApi } from '../shared/console-api.client.ts';
import { createPersonRecordsClient } from './person-records.client.ts';

export const findPersonRecords = fromPromise<PersonRecords, { api: ConsoleApi; subject: string }>(({ input, signal }) => createPersonRecordsClient(input.api).records(input.subject, signal));

export const erasePersonRecords = fromPromise<void, { api: ConsoleApi; subject: string; confirm: string }>(({ input, signal }) =>
  createPersonRecordsClient(input.api).erase(input.subject, input.confirm, signal),
);
