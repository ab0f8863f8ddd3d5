import type { HumanTestQuestion } from './human-test.ts';
import type { SidebarOutcome } from './send-message.ts';

/*
 * The JSON the sidebar's calls answer. A send answers as the plugin did, `{success, result}`,
 * with `message` when it failed and, new here, each refused field's message under `errors`
 * (keyed by posted name), so the panel can show it beside the field. A question answers as
 * WordPress's wp_send_json_success does, `{success: true, data}`.
 */

export const SIDEBAR_FAILED_MESSAGE = 'Message not sent. An unknown error occurred.';
export const SIDEBAR_INVALID_MESSAGE = 'Message not sent: one or more fields need attention.';

export type SidebarAnswer =
  | { success: true; result: true }
  | { success: false; result: false; message: string; errors?: Record<string, string> };

export function sidebarAnswer(outcome: SidebarOutcome): SidebarAnswer {
  switch (outcome.kind) {
    case 'sent':
      return { success: true, result: true };
    case 'invalid':
      return { success: false, result: false, message: SIDEBAR_INVALID_MESSAGE, errors: outcome.errors };
    case 'spam':
    case 'failed':
      // Spam is told nothing more than any other failure.
      return { success: false, result: false, message: SIDEBAR_FAILED_MESSAGE };
  }
}

export interface HumanTestAnswer {
  success: true;
  data: { question: string; a: number; b: number; challenge: string; expires_at: string };
}

export function humanTestAnswer(question: HumanTestQuestion): HumanTestAnswer {
  return { success: true, data: { question: question.question, a: question.a, b: question.b, challenge: question.challenge, expires_at: question.expiresAt } };
}
