// What a visitor entered into a prerendered form before its code arrived (README.md, "Forms before
// their code"): the form's prerendered HTML is filled in as a visitor would, read back by
// `prefilledFieldsOf`, and each machine's starting context holds exactly those values; the
// contact form's reader is the inverse of what it posts, for every field kind.
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { contactForm, homeNewsletterForm } from '../../support/site-content.ts';
import { withSiteContent } from '../../support/with-site-content.tsx';
import { everyFieldForm } from '../contact-form-fixture.ts';
import { createContext } from '../../../src/machines/contact-form/contact-form-initial-context.ts';
import { fieldEntries, valuesOfEntries, type FormValues } from '../../../src/machines/contact-form/contact-form-values.ts';
import { createContext as createNewsletterContext } from '../../../src/machines/newsletter/newsletter-context.ts';
import { siteWpcf7 } from '../../../src/services/contact-form/cf7-config.service.ts';
import { prefilledFieldsOf } from '../../../src/services/shared/prefilled-fields.service.ts';
import { ContactFormView } from '../../../src/views/contact-form/contact-form.view.tsx';
import { NewsletterFormView } from '../../../src/views/newsletter/newsletter-form.view.tsx';

afterEach(() => document.body.replaceChildren());

/** The view's prerendered HTML in the page, as the build writes it. */
function prerendered(element: React.ReactElement): HTMLElement {
  const page = document.createElement('div');
  page.innerHTML = renderToString(withSiteContent(element));
  document.body.append(page);
  return page;
}

const typeInto = (page: HTMLElement, name: string, value: string) => {
  const control = page.querySelector<HTMLInputElement | HTMLTextAreaElement>(`[name="${name}"]:not([type=hidden])`)!;
  control.value = value;
};
const tick = (page: HTMLElement, name: string, value: string) => {
  page.querySelector<HTMLInputElement>(`[name="${name}"][value="${value}"]`)!.checked = true;
};

describe('a prerendered form filled in before its code arrived', () => {
  it('the contact form starts from what its fields hold (typed text, a choice, the consent)', () => {
    const page = prerendered(<ContactFormView form={contactForm} wpcf7={siteWpcf7} />);
    typeInto(page, 'your-name', 'Pieter van Wyk');
    typeInto(page, 'your-email', 'pieter@capewinery.co.za');
    typeInto(page, 'your-message', '  Two LED walls,\nplease.  ');
    page.querySelector<HTMLSelectElement>('select[name="your-subject"]')!.value = 'LED video walls';
    tick(page, 'your-consent', '1');
    const prefilled = prefilledFieldsOf('wpcf7-f5-o1');
    const { values } = createContext({ form: contactForm, wpcf7: siteWpcf7, prefilled });
    // Exactly as typed: nothing trimmed, nothing lost.
    expect(values).toMatchObject({ 'your-name': 'Pieter van Wyk', 'your-email': 'pieter@capewinery.co.za', 'your-message': '  Two LED walls,\nplease.  ', 'your-subject': 'LED video walls', 'your-consent': true });
  });

  it('an untouched form starts empty, and a page without the form starts from the definition', () => {
    prerendered(<ContactFormView form={contactForm} wpcf7={siteWpcf7} />);
    const empty = createContext({ form: contactForm, wpcf7: siteWpcf7 }).values;
    expect(createContext({ form: contactForm, wpcf7: siteWpcf7, prefilled: prefilledFieldsOf('wpcf7-f5-o1') }).values).toEqual(empty);
    expect(prefilledFieldsOf('wpcf7-f99-o1')).toBeUndefined();
  });

  it('the newsletter form starts from what its fields hold (e-mail, name, a list, the consent)', () => {
    const page = prerendered(<NewsletterFormView form={homeNewsletterForm} headingId="newsletter-heading" />);
    typeInto(page, 'email', 'sipho@example.co.za');
    typeInto(page, 'FIRSTNAME', 'Sipho ');
    tick(page, 'listIDs[]', '3');
    tick(page, 'consent', 'yes');
    const { entered } = createNewsletterContext({ form: homeNewsletterForm, prefilled: prefilledFieldsOf(`sib-form-${homeNewsletterForm.id}`) });
    // As entered: the server trims when it reads a submission, the fields never do.
    expect(entered).toMatchObject({ email: 'sipho@example.co.za', attributes: { FIRSTNAME: 'Sipho ' }, lists: ['3'], consent: true });
    expect(entered.sms).toBe(homeNewsletterForm.sms?.defaultPrefix);
  });
});

describe('the contact form reads back what it posts', () => {
  it('for every field kind: text, choices with free text, exclusive boxes, multiple selects, consents, files', () => {
    const file = new File(['%PDF-1.4'], 'brief.pdf', { type: 'application/pdf' });
    const values: FormValues = {
      ...valuesOfEntries(everyFieldForm.fields, []),
      'your-name': 'Thandi',
      'your-email': 'thandi@example.co.za',
      'your-website': 'example.co.za',
      'your-message': 'Hello',
      'your-services': ['led', 'signage'],
      'your-topics': ['Price', 'Other'],
      '_wpcf7_free_text_your-topics': 'Maintenance',
      'your-contact-time': ['Afternoon'],
      'your-size': 'Other size',
      '_wpcf7_free_text_your-size': '6 x 3 m',
      'newsletter-ok': true,
      'quiz-math': '2',
      'your-file': [file],
    };
    expect(valuesOfEntries(everyFieldForm.fields, fieldEntries(everyFieldForm.fields, values))).toEqual(values);
  });
});
