// The effects the staffEditing machine invokes (the People page's switch); the machine decides when.
import { fromPromise } from 'xstate';
import type { EditingSettings } from '../../validation/content-editor/content-editor.protocol.ts';
import type { ConsoleApi } from '../shared/console-api.client.ts';
import { readStaffEditing, setStaffEditing } from './staff-editing-api.client.ts';

export const loadStaffEditing = fromPromise<EditingSettings, { api: ConsoleApi }>(({ input, signal }) => readStaffEditing(input.api, signal));
export const saveStaffEditing = fromPromise<EditingSettings, { api: ConsoleApi; staffMayEdit: boolean }>(({ input, signal }) => setStaffEditing(input.api, input.staffMayEdit, signal));
