// The dashboard machine's one effect: asking the server for the four tiles' numbers.
import { fromPromise } from 'xstate';
import type { Dashboard } from '../../validation/dashboard/dashboard.protocol.ts';
import type { ConsoleApi } from '../shared/console-api.client.ts';
import { readDashboard } from './dashboard.client.ts';

export const loadDashboard = fromPromise<Dashboard, { api: ConsoleApi }>(({ input, signal }) => readDashboard(input.api, signal));
