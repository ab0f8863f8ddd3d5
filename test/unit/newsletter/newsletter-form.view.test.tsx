// The newsletter form's key filters (the Brevo plugin's): the SMS field takes only digits, space,
// plus, brackets and dash; the date field only digits, space, dash and slash. Editing keys pass.
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { footerNewsletterForm, homeNewsletterForm } from '../../support/site-content.ts';
import { NewsletterFormView } from '../../../src/views/newsletter/newsletter-form.view.tsx';

async function renderForm(form = homeNewsletterForm) {
  render(
    <>
      <h3 id="title">{form.title}</h3>
      <NewsletterFormView form={form} headingId="title" />
    </>,
  );
  // Enabled once the machine has checked the browser.
  await waitFor(() => expect(screen.getByRole('group', { name: form.title })).toBeEnabled());
}

describe('the newsletter form', () => {
  it('filters the keys typed into the SMS field', async () => {
    await renderForm();
    const sms = screen.getByLabelText(homeNewsletterForm.sms!.label);
    expect(sms).toHaveValue('+27');
    await userEvent.type(sms, ' (82) abc5-5.5x{Backspace}');
    expect(sms).toHaveValue('+27 (82) 5-5');
  });

  it('filters the keys typed into a date field', async () => {
    await renderForm();
    const date = screen.getByLabelText(homeNewsletterForm.dates[0]!.label);
    await userEvent.type(date, '05/0a3-2027.');
    expect(date).toHaveValue('05/03-2027');
  });

  it('is named by its heading and carries the plugin hidden inputs; the footer form has only e-mail and consent', async () => {
    await renderForm(footerNewsletterForm);
    expect(screen.getByRole('form', { name: footerNewsletterForm.title })).toHaveAttribute('action', '/newsletter/subscribe/');
    expect(screen.getAllByRole('textbox')).toHaveLength(1);
    expect(screen.getAllByRole('checkbox')).toHaveLength(1);
    expect(document.querySelector<HTMLInputElement>('input[name="sib_form_id"]')?.value).toBe('2');
  });
});
