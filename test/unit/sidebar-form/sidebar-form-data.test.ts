// The sidebar form's data: what one send posts, and the browser's check when the human test
// has no question yet.
import { describe, expect, it } from 'vitest';
import { sidebarContact } from '../../support/site-content.ts';
import { createSidebarFormContext, problemsOf, sidebarEntries } from '../../../src/machines/sidebar-form/sidebar-form-data.ts';
import { SIDEBAR_FIELD } from '../../../src/validation/sidebar-form/index.ts';
import { QUESTION, VALID_MESSAGE } from '../../support/sidebar-form-page.ts';

const form = sidebarContact.forms[0]!;
const values = Object.fromEntries(VALID_MESSAGE);

describe('the sidebar form data', () => {
  it('posts the form index, the fields in order, the answer and the challenge', () => {
    const context = { ...createSidebarFormContext({ content: sidebarContact, form }), values, question: QUESTION };
    expect(problemsOf(context)).toEqual({});
    expect(sidebarEntries(context)).toEqual([['ncf_form_index', '1'], ...VALID_MESSAGE, ['ncf_challenge', QUESTION.challenge]]);
  });

  it('refuses to send while there is no question, saying so beside the answer', () => {
    const context = { ...createSidebarFormContext({ content: sidebarContact, form }), values, question: null };
    expect(problemsOf(context)).toEqual({ [SIDEBAR_FIELD.answer]: sidebarContact.texts.questionFailed });
  });

  it('posts no answer or challenge when the human test is off', () => {
    const content = { ...sidebarContact, options: { ...sidebarContact.options, humantest: false } };
    const context = { ...createSidebarFormContext({ content, form }), values, question: null };
    expect(problemsOf(context)).toEqual({});
    expect(sidebarEntries(context).map(([name]) => name)).toEqual(['ncf_form_index', 'ncf_name_field', 'ncf_email_field', 'ncf_message_field']);
  });
});
