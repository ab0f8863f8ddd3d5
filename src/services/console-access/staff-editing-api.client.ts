// Whether staff may edit the site's content (README.md, "Editing the site": who), read and set by
// the owner's switch on the People page over the content editor's settings route, with the
// content editor's protocol (validation/content-editor/content-editor.protocol.ts). Owners only:
// staff are refused with CONSOLE_REFUSAL.wrongRole.
import { CONTENT_ROUTE, EditingSettingsStruct, type EditingSettings } from '../../validation/content-editor/content-editor.protocol.ts';
import type { ConsoleApi } from '../shared/console-api.client.ts';

export function readStaffEditing(api: ConsoleApi, signal?: AbortSignal): Promise<EditingSettings> {
  return api.get(CONTENT_ROUTE.settings, EditingSettingsStruct, signal ? { signal } : {});
}

/** Sets the rule; the answer is the rule as stored (the audit log names who changed it). */
export function setStaffEditing(api: ConsoleApi, staffMayEdit: boolean, signal?: AbortSignal): Promise<EditingSettings> {
  return api.post(CONTENT_ROUTE.settings, { staffMayEdit }, EditingSettingsStruct, signal ? { signal } : {});
}
