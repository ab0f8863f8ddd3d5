// The sidebar panel's form as the tests see and fill it: its controls by posted name, a valid
// message, and logic for the form and the human test that answer at once (for tests of the
// machines around them, which only need the form to reach its result).
import type { UserEvent } from '@testing-library/user-event';
import { fromCallback, fromPromise } from 'xstate';
import { humanTestMachine } from '../../src/machines/sidebar-form/human-test.machine.ts';
import { sidebarFormMachine } from '../../src/machines/sidebar-form/sidebar-form.machine.ts';
import type { HumanTestQuestion, SendAnswer } from '../../src/services/sidebar-form/sidebar-form-api.client.ts';
import { SIDEBAR_FIELD } from '../../src/validation/sidebar-form/index.ts';

export const QUESTION: HumanTestQuestion = { text: '3 + 4 = ?', sum: 7, challenge: 'challenge-1' };

/** A message every rule accepts (the answer fits QUESTION). */
export const VALID_MESSAGE: ReadonlyArray<readonly [string, string]> = [
  [SIDEBAR_FIELD.name, 'Thandi Mokoena'],
  [SIDEBAR_FIELD.email, 'thandi@example.co.za'],
  [SIDEBAR_FIELD.message, 'A quote for a 4 m LED wall, please.'],
  [SIDEBAR_FIELD.answer, '7'],
];

export const sidebarControl = (root: ParentNode, name: string) => root.querySelector<HTMLInputElement | HTMLTextAreaElement>(`.ncf_form [name="${name}"]`)!;
export const sidebarSubmit = (root: ParentNode) => root.querySelector<HTMLButtonElement>('.ncf_form button[type="submit"]')!;

export async function typeInto(user: UserEvent, control: HTMLInputElement | HTMLTextAreaElement, value: string): Promise<void> {
  await user.clear(control);
  await user.click(control);
  await user.paste(value);
}

export async function fillValidMessage(user: UserEvent, root: ParentNode = document): Promise<void> {
  for (const [name, value] of VALID_MESSAGE) await typeInto(user, sidebarControl(root, name), value);
}

/** A human test whose question arrives at once. */
export const instantHumanTest = humanTestMachine.provide({ actors: { fetchHumanTest: fromPromise(async () => QUESTION) } });

/** A form whose sends are answered at once, and which never leaves the page. */
export function instantSidebarForm(answer: SendAnswer) {
  return sidebarFormMachine.provide({
    actors: { sendMessage: fromPromise(async () => answer), navigate: fromCallback(() => undefined) },
  });
}
