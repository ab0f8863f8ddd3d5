// The contact form as a visitor meets it, with the real machine and the real validation engine;
// only the network (schema, submission, refill, reCAPTCHA set-up) and leaving the page are
// stand-ins. What the model-based test walks state by state, this checks feature by feature.
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fromCallback, fromPromise, type EventObject } from 'xstate';
import { contactForm, type FormDefinition } from '../../support/site-content.ts';
import { contactFormMachine } from '../../../src/machines/contact-form/contact-form.machine.ts';
import { redirectAddOnMachine } from '../../../src/machines/contact-form/redirect-add-on.machine.ts';
import { Cf7ApiError, FETCH_ERROR_MESSAGE } from '../../../src/services/contact-form/cf7-api.client.ts';
import type { FeedbackResponse, RefillResponse } from '../../../src/services/contact-form/cf7-api.types.ts';
import type { BrowserSupport } from '../../../src/services/shared/browser-support.service.ts';
import { validateFields, type SubmitFeedbackInput } from '../../../src/services/contact-form/contact-form.actor.ts';
import type { RecaptchaSetupInput, RecaptchaSetupOutput } from '../../../src/services/shared/recaptcha.actor.ts';
import type { FormEntry } from '../../../src/services/contact-form/contact-form-data.service.ts';
import { formSchema } from '../../../src/validation/index.ts';
import { ContactFormView } from '../../../src/views/contact-form/contact-form.view.tsx';
import { cf7Answer } from '../../support/contact-form-page.ts';
import { everyFieldForm } from '../contact-form-fixture.ts';

interface Stage {
  answer?: (entries: readonly FormEntry[]) => FeedbackResponse | Promise<FeedbackResponse>;
  refill?: RefillResponse;
}

const answer = cf7Answer;

let consoleError: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  consoleError.mockRestore();
});

function renderForm(form: FormDefinition, stage: Stage = {}) {
  const posted: Array<readonly FormEntry[]> = [];
  const navigate = vi.fn();
  const logic = contactFormMachine.provide({
    actors: {
      browserSupport: fromPromise<BrowserSupport>(async () => ({ missing: null })),
      fetchSchema: fromPromise(async () => formSchema(form)),
      recaptchaSetup: fromPromise<RecaptchaSetupOutput, RecaptchaSetupInput>(async () => ({ siteKey: null })),
      validateFields,
      submitFeedback: fromPromise<FeedbackResponse, SubmitFeedbackInput>(async ({ input }) => {
        posted.push(input.entries);
        return (stage.answer ?? (() => answer('mail_sent', form.messages.mail_sent_ok)))(input.entries);
      }),
      refill: fromPromise(async () => stage.refill ?? {}),
      // The add-on's own redirect, taken at once here (its timings are its own model test's).
      redirectAddOn: redirectAddOnMachine.provide({
        actors: {
          navigate: fromCallback<EventObject, { url: string }>(({ input }) => {
            navigate(input.url);
          }),
        },
        delays: { redirectDelay: 0, popupOpenDelay: 0, popupRemoveDelay: 0 },
      }),
    },
  });
  const user = userEvent.setup();
  const view = render(<ContactFormView form={form} logic={logic} />);
  const formElement = view.container.querySelector('form')!;
  return { user, view, posted, navigate, formElement };
}

/** The form is live once the support check and the schema are done (class `js`, schema loaded). */
async function ready(container: HTMLElement) {
  await waitFor(() => expect(container.querySelector('.wpcf7')).toHaveClass('js'));
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
}

const errorOf = (control: HTMLElement) => document.getElementById(control.getAttribute('aria-describedby')!.split(' ').at(-1)!);

describe('every field type of the definition format', () => {
  it('renders each one with its label, hint and the plugin’s names', async () => {
    const { view } = renderForm(everyFieldForm, { refill: { quiz: { 'quiz-math': ['2 + 3 = ?', 'h5'] }, captcha: { 'captcha-1': '/wp-content/uploads/wpcf7_captcha/4821.svg' } } });
    await ready(view.container);
    expect(screen.getByLabelText('Name')).toHaveAttribute('type', 'text');
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Phone')).toHaveAttribute('type', 'tel');
    expect(screen.getByLabelText('Website')).toHaveAttribute('type', 'url');
    expect(screen.getByLabelText('Budget')).toHaveAttribute('inputmode', 'decimal');
    expect(screen.getByLabelText('Date')).toHaveAttribute('type', 'date');
    expect(screen.getByLabelText('Time')).toHaveAttribute('type', 'time');
    expect(screen.getByLabelText('Message').tagName).toBe('TEXTAREA');
    expect(screen.getByLabelText('Services')).toHaveAttribute('name', 'your-services[]');
    expect(screen.getByRole('group', { name: 'Topics' })).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Topics' })).getByRole('checkbox', { name: 'Price' })).toHaveAttribute('name', 'your-topics[]');
    expect(within(screen.getByRole('group', { name: 'Best time to call' })).getByRole('checkbox', { name: 'Morning' })).toHaveAttribute('name', 'your-contact-time');
    expect(within(screen.getByRole('group', { name: 'Size' })).getAllByRole('radio')).toHaveLength(2);
    expect(within(screen.getByRole('group', { name: 'Marketing' })).getByRole('checkbox', { name: 'Do not send me marketing' })).toHaveAttribute('value', '1');
    expect(view.container.querySelector('.wpcf7-acceptance.invert')).not.toBeNull();
    expect(view.container.querySelector('.wpcf7-acceptance.optional')).not.toBeNull();
    expect(screen.getByLabelText('Drawing')).toHaveAttribute('accept', '.pdf,image/png');
    // Quiz and captcha come from the refill: a new question, a new picture and its id.
    expect(await screen.findByLabelText('Quick question: 2 + 3 = ?')).toHaveAttribute('autocomplete', 'off');
    expect(screen.getByRole('img', { name: /code of letters and numbers/ })).toHaveAttribute('src', '/wp-content/uploads/wpcf7_captcha/4821.svg');
    expect(view.container.querySelector('input[name="_wpcf7_captcha_challenge_captcha-1"]')).toHaveValue('4821');
    expect(view.container.querySelector('input[name="_wpcf7_quiz_answer_quiz-math"]')).toHaveValue('h5');
    // The honeypot: out of sight, of the tab order and of the accessibility tree.
    const honeypot = view.container.querySelector<HTMLInputElement>('input[name="_wpcf7_hp_website"]')!;
    expect(honeypot).toHaveAttribute('tabindex', '-1');
    expect(honeypot).toHaveAttribute('autocomplete', 'off');
    expect(honeypot.closest('[aria-hidden="true"]')).not.toBeNull();
  });

  it('exclusive checkboxes: ticking one unticks the others', async () => {
    const { user, view } = renderForm(everyFieldForm);
    await ready(view.container);
    const group = screen.getByRole('group', { name: 'Best time to call' });
    await user.click(within(group).getByRole('checkbox', { name: 'Morning' }));
    await user.click(within(group).getByRole('checkbox', { name: 'Afternoon' }));
    expect(within(group).getByRole('checkbox', { name: 'Morning' })).not.toBeChecked();
    expect(within(group).getByRole('checkbox', { name: 'Afternoon' })).toBeChecked();
    await user.click(within(group).getByRole('checkbox', { name: 'Afternoon' }));
    expect(within(group).getByRole('checkbox', { name: 'Afternoon' })).not.toBeChecked();
  });

  it('free text is enabled only while its option is chosen, and posted under the plugin’s name', async () => {
    const { user, view, posted } = renderForm(everyFieldForm);
    await ready(view.container);
    const details = screen.getByRole('textbox', { name: 'Other: details' });
    expect(details).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Other' }));
    expect(details).toBeEnabled();
    await user.type(details, 'Warranty');
    await user.click(screen.getByRole('checkbox', { name: 'Other' }));
    expect(details).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Other' }));
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toContainEqual(['_wpcf7_free_text_your-topics', 'Warranty']);
    expect(posted[0]).toContainEqual(['your-topics[]', 'Other']);
  });

  it('a url gets http:// in front when it has a dot and no scheme', async () => {
    const { user, view } = renderForm(everyFieldForm);
    await ready(view.container);
    await user.type(screen.getByLabelText('Website'), 'lumina.example.co.za');
    await user.tab();
    expect(screen.getByLabelText('Website')).toHaveValue('http://lumina.example.co.za');
  });
});

describe('validation while filling in', () => {
  it('validates a field when the visitor leaves it, shows the error above it, and clears it when fixed', async () => {
    const { user, view, formElement } = renderForm(contactForm);
    await ready(view.container);
    const name = screen.getByLabelText('Full name');
    await user.type(name, 'T');
    expect(name).toHaveAttribute('aria-invalid', 'false');
    await user.tab();
    await waitFor(() => expect(name).toHaveAttribute('aria-invalid', 'true'));
    const error = errorOf(name)!;
    expect(error).toHaveTextContent('Error: Full name must be 2 characters or more');
    expect(error.compareDocumentPosition(name) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // Only that field: the others, untouched, have no error.
    expect(screen.getByLabelText('Email address')).toHaveAttribute('aria-invalid', 'false');
    expect(formElement).toHaveClass('init');
    await user.type(name, 'handi');
    await user.tab();
    await waitFor(() => expect(name).toHaveAttribute('aria-invalid', 'false'));
    expect(name.getAttribute('aria-describedby')).toBeNull();
  });

  it('tabbing through without typing validates nothing (a change is what validates)', async () => {
    const { user, view } = renderForm(contactForm);
    await ready(view.container);
    await user.click(screen.getByLabelText('Full name'));
    await user.tab();
    await user.tab();
    expect(view.container.querySelectorAll('[aria-invalid="true"]')).toHaveLength(0);
  });

  it('counts characters, marks too long and too short, and announces the count after a pause', async () => {
    const { user, view } = renderForm(everyFieldForm);
    await ready(view.container);
    const message = screen.getByLabelText('Message');
    const counter = view.container.querySelector('.wpcf7-character-count')!;
    expect(counter).toHaveTextContent('You can enter up to 20 characters');
    await user.type(message, 'abc');
    expect(counter).toHaveClass('too-short');
    expect(counter).toHaveTextContent('Enter 2 characters more (at least 5)');
    await user.type(message, 'defghijklmnopqrstuvwxy');
    expect(counter).toHaveClass('too-long');
    expect(counter).toHaveTextContent('You have 5 characters too many');
    const live = view.container.querySelector('.character-count [aria-live="polite"]')!;
    expect(live).toHaveTextContent('');
    await waitFor(() => expect(live).toHaveTextContent('You have 5 characters too many'), { timeout: 2500 });
  });
});

describe('submitting', () => {
  it('is possible only with the consent ticked (the button says why it is not)', async () => {
    const { user, view } = renderForm(contactForm);
    await ready(view.container);
    const button = screen.getByRole('button', { name: 'Send message' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription('Tick the consent box above to send your message.');
    await user.click(screen.getByRole('checkbox', { name: /I agree/ }));
    expect(button).toBeEnabled();
    // The note keeps its room, hidden: nothing below the form moves.
    expect(screen.getByText('Tick the consent box above to send your message.')).toHaveClass('is-met');
    expect(button).not.toHaveAccessibleDescription();
  });

  it('invalid fields: inline errors, a screen-reader list, and an error summary that takes the focus', async () => {
    const { user, view, formElement } = renderForm(contactForm, {
      answer: () =>
        answer('validation_failed', contactForm.messages.validation_error, [
          ['your-email', 'Enter your email address'],
          ['your-name', 'Enter your full name'],
        ]),
    });
    await ready(view.container);
    await user.click(screen.getByRole('checkbox', { name: /I agree/ }));
    await user.click(screen.getByRole('button', { name: 'Send message' }));

    const summary = await screen.findByRole('alert');
    await waitFor(() => expect(document.activeElement).toBe(summary.parentElement));
    expect(formElement).toHaveClass('invalid');
    expect(within(summary).getByRole('heading', { name: 'There is a problem' })).toBeInTheDocument();
    // In the order of the form, not of the answer.
    expect(within(summary).getAllByRole('link').map((link) => link.textContent)).toEqual(['Enter your full name', 'Enter your email address']);
    expect(screen.getByLabelText('Full name')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Full name')).toHaveAccessibleDescription('Error: Enter your full name');
    const srList = view.container.querySelector('.screen-reader-response ul')!;
    expect(srList).toHaveTextContent('Enter your full name');
    expect(view.container.querySelector('.screen-reader-response [role="status"]')).toHaveTextContent(contactForm.messages.validation_error);

    // A link in the summary takes the visitor to the field.
    await user.click(within(summary).getByRole('link', { name: 'Enter your email address' }));
    expect(document.activeElement).toBe(screen.getByLabelText('Email address'));
  });

  it('a new submission clears the earlier errors, and shows a spinner with words while it runs', async () => {
    let release: (response: FeedbackResponse) => void = () => {};
    let first = true;
    const { user, view } = renderForm(contactForm, {
      answer: () => {
        if (first) {
          first = false;
          return answer('validation_failed', 'Fix it', [['your-name', 'Enter your full name']]);
        }
        return new Promise<FeedbackResponse>((resolve) => (release = resolve));
      },
    });
    await ready(view.container);
    await user.click(screen.getByRole('checkbox', { name: /I agree/ }));
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    await screen.findByRole('alert');
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(screen.getByLabelText('Full name')).toHaveAttribute('aria-invalid', 'false');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(view.container.querySelector('.wpcf7-spinner')).toHaveClass('is-active');
    expect(view.container.querySelector('.wpcf7-spinner')).toHaveTextContent('Sending your message…');
    expect(screen.getByRole('button', { name: 'Send message' })).toBeDisabled();
    act(() => release(answer('spam', contactForm.messages.spam)));
    await waitFor(() => expect(view.container.querySelector('.wpcf7-response-output')).toHaveTextContent(contactForm.messages.spam));
    expect(view.container.querySelector('form')).toHaveClass('spam');
  });

  it('sent: the form is emptied and refilled, says so, the page hears wpcf7mailsent; with no add-on keys in the answer it goes nowhere', async () => {
    const heard: CustomEvent[] = [];
    const listen = (event: Event) => heard.push(event as CustomEvent);
    for (const name of ['wpcf7beforesubmit', 'wpcf7submit', 'wpcf7mailsent', 'wpcf7reset', 'wpcf7statuschanged']) document.addEventListener(name, listen);
    try {
      const { user, view, posted, navigate, formElement } = renderForm(contactForm);
      await ready(view.container);
      await user.type(screen.getByLabelText('Full name'), 'Thandi Nkosi');
      await user.click(screen.getByRole('checkbox', { name: /I agree/ }));
      await user.click(screen.getByRole('button', { name: 'Send message' }));
      await waitFor(() => expect(formElement).toHaveClass('sent'));
      // Leaving the page is the redirect add-on's, started by the answer's keys (none here).
      expect(navigate).not.toHaveBeenCalled();
      expect(screen.getByLabelText('Full name')).toHaveValue('');
      expect(screen.getByRole('checkbox', { name: /I agree/ })).not.toBeChecked();
      expect(view.container.querySelector('.wpcf7-response-output')).toHaveTextContent(contactForm.messages.mail_sent_ok);
      expect(view.container.querySelector('input[name="_wpcf7_posted_data_hash"]')).toHaveValue('hash-1');
      expect(posted[0]).toContainEqual(['your-name', 'Thandi Nkosi']);
      expect(posted[0]).toContainEqual(['your-consent', '1']);
      expect(heard.map((event) => event.type)).toEqual(
        expect.arrayContaining(['wpcf7beforesubmit', 'wpcf7mailsent', 'wpcf7submit', 'wpcf7reset', 'wpcf7statuschanged']),
      );
      const mailSent = heard.find((event) => event.type === 'wpcf7mailsent')!;
      expect(mailSent.detail).toMatchObject({ contactFormId: 5, unitTag: 'wpcf7-f5-o1', status: 'mail_sent' });
      expect(mailSent.detail.inputs).toContainEqual({ name: 'your-name', value: 'Thandi Nkosi' });
      expect(heard.filter((event) => event.type === 'wpcf7statuschanged').map((event) => event.detail.status)).toEqual(
        expect.arrayContaining(['submitting', 'resetting', 'sent']),
      );
    } finally {
      for (const name of ['wpcf7beforesubmit', 'wpcf7submit', 'wpcf7mailsent', 'wpcf7reset', 'wpcf7statuschanged']) document.removeEventListener(name, listen);
    }
  });

  it("follows the redirect add-on's answer when the server sends one", async () => {
    const { user, view, navigate } = renderForm(contactForm, {
      answer: () => answer('mail_sent', 'Sent', [], { redirect: [{ type: 'redirect', redirect_url: 'https://www.example.co.za/thank-you/', delay: 0 }] }),
    });
    await ready(view.container);
    await user.click(screen.getByRole('checkbox', { name: /I agree/ }));
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('https://www.example.co.za/thank-you/'));
  });

  it('sent without a redirect: the form stays, reset, with status sent', async () => {
    const { user, view, navigate, formElement } = renderForm(everyFieldForm);
    await ready(view.container);
    await user.type(screen.getByLabelText('Name'), 'Sipho');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(formElement).toHaveClass('sent'));
    expect(screen.getByLabelText('Name')).toHaveValue('');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('offline: "You are probably offline." for the visitor, the error in the console, and the form ready again', async () => {
    const { user, view, formElement } = renderForm(contactForm, {
      answer: () => {
        throw new Cf7ApiError('fetch_error', FETCH_ERROR_MESSAGE);
      },
    });
    await ready(view.container);
    await user.type(screen.getByLabelText('Full name'), 'Thandi');
    await user.click(screen.getByRole('checkbox', { name: /I agree/ }));
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    await waitFor(() => expect(view.container.querySelector('.screen-reader-response [role="status"]')).toHaveTextContent(FETCH_ERROR_MESSAGE));
    expect(view.container.querySelector('.wpcf7-response-output')).toHaveTextContent('You are probably offline.');
    expect(formElement).toHaveClass('init');
    expect(screen.getByLabelText('Full name')).toHaveValue('Thandi');
    expect(screen.getByRole('button', { name: 'Send message' })).toBeEnabled();
    expect(consoleError).toHaveBeenCalledWith(expect.objectContaining({ code: 'fetch_error' }));
  });
});

describe('where the plugin refuses to start', () => {
  it('a form inside another form’s container says it is in the wrong place', () => {
    render(
      <ContactFormView form={contactForm}>
        <ContactFormView form={everyFieldForm} />
      </ContactFormView>,
    );
    expect(screen.getByText(/This contact form is placed in the wrong place\./)).toHaveTextContent(
      'Error: This contact form is placed in the wrong place.',
    );
    expect(screen.getAllByRole('form')).toHaveLength(1);
  });

  it.each([
    [null, 'wpcf7 is not defined.'],
    [{ cached: 1 }, 'wpcf7.api is not defined.'],
  ])('wpcf7 %j: the plain form stays and the console says %j', async (wpcf7, problem) => {
    const { container } = render(<ContactFormView form={contactForm} wpcf7={wpcf7} />);
    await waitFor(() => expect(consoleError).toHaveBeenCalledWith(problem));
    expect(container.querySelector('.wpcf7')).toHaveClass('no-js');
    expect(screen.getByRole('button', { name: 'Send message' })).toBeEnabled();
    // Still a form that works: what is typed stays.
    await userEvent.type(screen.getByLabelText('Full name'), 'Thandi');
    expect(screen.getByLabelText('Full name')).toHaveValue('Thandi');
  });
});
