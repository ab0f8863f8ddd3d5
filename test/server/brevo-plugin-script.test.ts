import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { CookieJar, JSDOM } from 'jsdom';
import { afterEach, describe, expect, it } from 'vitest';
import { homeNewsletterForm } from '../support/site-content.ts';
import type { NewsletterForm } from '../../content/structs/newsletter-form.struct.ts';
import { fetchNonce, plainNewsletterForm, testNewsletterForms } from './helpers/newsletter-requests.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { testDialect } from './helpers/test-db.ts';
import { thirdPartyScript } from './helpers/third-party-script.ts';
import { visitorCookie } from './helpers/visitor-cookie.ts';
import { waitFor } from './helpers/wait-for.ts';

/*
 * The Brevo WordPress plugin's own front-end script (`js/mailin-front.js`), run unchanged with
 * jQuery 3 (as WordPress ships it) in a jsdom page that holds a sign-up form shaped as the
 * plugin renders it, pointed at this server: the SMS country list it fills from admin-ajax
 * with the page's one nonce, the dial code it writes when a country is picked, and the notice
 * it shows for each answer. The script is not ours and is never committed: set
 * BREVO_PLUGIN_SOURCE to the script or to a git repository that carries it (README.md, "The
 * newsletter"); without it these tests are skipped, and newsletter-plugin-answers.test.ts
 * checks the same answers' shapes on every run.
 */

const plugin = thirdPartyScript('BREVO_PLUGIN_SOURCE', ['js/mailin-front.js']);
const jquery = readFileSync(createRequire(import.meta.url).resolve('jquery'), 'utf8');
const { messages } = homeNewsletterForm;

let testApp: TestApp | undefined;
let dom: JSDOM | undefined;

afterEach(async () => {
  dom?.window.close();
  dom = undefined;
  await testApp?.cleanup();
  testApp = undefined;
});

/**
 * A form as the plugin's form box and its field templates render it, with the form's action set
 * to this server's path: its hidden inputs, the e-mail, the form's own `fields`, the consent box.
 */
function pluginFormHtml(form: NewsletterForm, nonce: string, fields: string, consentRequired = true): string {
  const id = String(form.id);
  return `<form id="sib_signup_form_${id}" method="post" class="sib_signup_form" action="${form.action}">
  <div class="sib_loader" style="display:none;"><img src="/spinner.gif" alt="loader"></div>
  <input type="hidden" name="sib_form_action" value="subscribe_form_submit">
  <input type="hidden" name="sib_form_id" value="${id}">
  <input type="hidden" name="sib_form_alert_notice" value="${form.messages.required}">
  <input type="hidden" name="sib_form_invalid_email_notice" value="${form.messages.invalidEmail}">
  <input type="hidden" name="sib_security" value="${nonce}">
  <div class="sib_signup_box_inside_${id}">
    <div class="sib_msg_disp"></div>
    <div class="sib-email-area"><label class="sib-email-area">E-mail address</label>
      <input type="email" class="sib-email-area" name="email" required="required"></div>
${fields}
    <div class="sib-consent-area"><input type="checkbox" name="consent" value="yes"${consentRequired ? ' required="required"' : ''}> ${form.consent.label}</div>
    <div class="sib-default-btn-area"><input type="submit" class="sib-default-btn" name="submit" value="${form.submitLabel}"></div>
  </div>
</form>`;
}

/** Form 1: a first name, the SMS number with its country list, and the multi-list block. */
function homePluginFormHtml(nonce: string, consentRequired: boolean): string {
  const lists = homeNewsletterForm.lists
    .map((list) => `<div style="block"><input type="checkbox" class="sib-interesting-lists" value="${list.id}" name="listIDs[]">${list.label}</div>`)
    .join('\n');
  const fields = `    <div class="sib-FIRSTNAME-area"><label class="sib-FIRSTNAME-area">First name</label>
      <input type="text" class="sib-FIRSTNAME-area" name="FIRSTNAME"></div>
    <div class="sib-SMS-area"><label class="sib-SMS-area">Mobile number</label>
      <div class="sib-sms-field"><div class="sib-country-block"><div class="sib-toggle sib-country-flg"><div class="sib-cflags"></div> <div class="sib-icon-arrow"></div></div> </div><ul class="sib-country-list" style="display: none;"></ul><input type="hidden" name="sib_SMS_prefix" value="+27"><input type="text" name="SMS" class="sib-sms" value="+27"></div></div>
    <div class="sib-multi-lists" data-require="required">
${lists}
    </div>`;
  return pluginFormHtml(homeNewsletterForm, nonce, fields, consentRequired);
}

interface PluginPage {
  window: JSDOM['window'];
  /** Every jQuery request that completed: where it went and its HTTP status. */
  completed: Array<{ url: string; status: number }>;
  $(selector: string): HTMLElement[];
}

/**
 * A page of the old WordPress site: jQuery, the two objects WordPress writes for the script
 * (wp_localize_script: `sibErrMsg` and `ajax_sib_front_object`, whose one nonce the script sends
 * to both the sign-up and the country list), then the plugin's script.
 */
async function openPluginPage(app: TestApp, options: { consentRequired?: boolean; plainForm?: boolean } = {}): Promise<PluginPage> {
  if (!plugin.found) throw new Error(plugin.reason);
  const base = await app.app.listen({ port: 0, host: '127.0.0.1' });
  const nonce = await fetchNonce(app.app, 'sib_subscribe');
  // Form 3 beside it has no multi-list block: it joins the form's own list.
  const forms = [homePluginFormHtml(nonce, options.consentRequired ?? true), ...(options.plainForm === true ? [pluginFormHtml(plainNewsletterForm, nonce, '')] : [])];
  const html = `<!doctype html>\n<html lang="en"><head><title>Newsletter</title></head><body>\n${forms.join('\n')}\n</body></html>`;
  // The browser that fetched the nonce holds its cookie and sends it with the script's requests.
  const cookieJar = new CookieJar();
  cookieJar.setCookieSync(`${visitorCookie(app.app).cookie ?? ''}; Path=/`, `${base}/`);
  dom = new JSDOM(html, { url: `${base}/newsletter-page/`, runScripts: 'outside-only', cookieJar });
  const { window } = dom;
  const completed: PluginPage['completed'] = [];
  window.eval(jquery);
  const localized = {
    sibErrMsg: {
      invalidMail: 'Please fill out valid email address',
      requiredField: 'Please fill out required fields',
      invalidDateFormat: 'Please fill out valid date format',
      invalidSMSFormat: 'Please fill out valid phone number',
    },
    ajax_sib_front_object: { ajax_url: `${base}/wp-admin/admin-ajax.php`, ajax_nonce: nonce, flag_url: `${base}/flags/` },
  };
  window.eval(Object.entries(localized).map(([name, value]) => `var ${name} = ${JSON.stringify(value)};`).join('\n'));
  Object.assign(window, { __completed: completed });
  window.eval('jQuery(document).ajaxComplete(function (event, xhr, settings) { window.__completed.push({ url: settings.url, status: xhr.status }); });');
  window.eval(plugin.source);
  // The script does its work when the document is ready; ready callbacks run in order.
  await new Promise<void>((resolve) => {
    Object.assign(window, { __ready: resolve });
    window.eval('jQuery(function () { window.__ready(); });');
  });
  return { window, completed, $: (selector) => [...window.document.querySelectorAll<HTMLElement>(selector)] };
}

const pick = (page: PluginPage, countryCode: string) => {
  const item = page.$(`.sib-country-list li[data-country-code="${countryCode}"]`)[0];
  if (item === undefined) throw new Error(`no list item for ${countryCode}`);
  item.click();
};
const field = (page: PluginPage, name: string, formId = 1) => page.$(`#sib_signup_form_${String(formId)} input[name="${name}"]`)[0] as HTMLInputElement;

interface Filled {
  email: string;
  sms?: string;
  consent?: boolean;
  /** The lists to tick in form 1's multi-list block; lists 2 and 4 of 2, 3 and 4 unless given. */
  lists?: readonly number[];
  /** The form to fill and send: 1, or 3 beside it. */
  formId?: 1 | 3;
}

async function fillAndSubmit(page: PluginPage, values: Filled): Promise<string> {
  const formId = values.formId ?? 1;
  field(page, 'email', formId).value = values.email;
  if (values.sms !== undefined) field(page, 'SMS', formId).value = values.sms;
  // Some lists ticked, not all: the server must join those alone (listIDs[]), not every list the script names (interestingLists[]).
  const ticked = (values.lists ?? [2, 4]).map(String);
  for (const box of page.$('.sib-interesting-lists') as HTMLInputElement[]) box.checked = ticked.includes(box.value);
  field(page, 'consent', formId).checked = values.consent ?? true;
  const before = page.completed.length;
  (page.$(`#sib_signup_form_${String(formId)} input[type="submit"]`)[0] as HTMLInputElement).click();
  const answer = await waitFor('the sign-up answer', () => page.completed.slice(before).find((request) => request.url.endsWith(homeNewsletterForm.action)));
  expect(answer.status).toBe(200);
  return page.$(`#sib_signup_form_${String(formId)} .sib_msg_disp`)[0]?.textContent ?? '';
}

const storedLists = async (app: TestApp) => {
  const subscriber = await app.database.db.selectFrom('newsletter_subscribers').selectAll().executeTakeFirstOrThrow();
  const consent = await app.database.db.selectFrom('newsletter_consents').selectAll().executeTakeFirstOrThrow();
  return { subscriber: JSON.parse(subscriber.lists) as number[], consent: JSON.parse(consent.lists) as number[] };
};

const title = plugin.found
  ? `the Brevo plugin's own script (${plugin.origin}) against the server, on ${testDialect}`
  : `the Brevo plugin's own script against the server: ${plugin.reason} (set it to js/mailin-front.js or to a repository that carries it)`;

// Said once per run, so a skip is never silent.
if (!plugin.found) console.info(`Skipping ${title}`);

describe.skipIf(!plugin.found)(title, () => {
  it('fills the SMS country list with the one nonce of the page; a picked country writes +27, not ++27, and stays after a sign-up', async () => {
    testApp = await createTestApp({}, { newsletterForms: testNewsletterForms });
    const page = await openPluginPage(testApp);
    const list = await waitFor('the country list request', () => page.completed.find((request) => request.url.endsWith('/wp-admin/admin-ajax.php')));
    expect(list.status).toBe(200);
    expect(page.$('.sib-country-list li').length).toBeGreaterThan(200);

    pick(page, 'gb');
    expect(field(page, 'SMS').value).toBe('+44');
    expect(field(page, 'sib_SMS_prefix').value).toBe('+44');
    pick(page, 'za');
    expect(field(page, 'SMS').value).toBe('+27');
    expect(field(page, 'sib_SMS_prefix').value).toBe('+27');

    // After an answer the script resets the form and writes the picked dial code back.
    await fillAndSubmit(page, { email: 'thandi.nkosi@example.co.za', sms: '+27 82 555 0123' });
    expect(field(page, 'email').value).toBe('');
    expect(field(page, 'SMS').value).toBe('+27');
  });

  it('shows the success notice after a sign-up, which is stored with the ticked lists alone', async () => {
    testApp = await createTestApp({}, { newsletterForms: testNewsletterForms });
    const page = await openPluginPage(testApp);
    const shown = await fillAndSubmit(page, { email: 'thandi.nkosi@example.co.za', sms: '+27 82 555 0123', lists: [2, 4] });
    expect(shown).toBe(messages.success);
    expect(page.$('.sib_msg_disp .sib-alert-message-success')).toHaveLength(1);

    const subscriber = await testApp.database.db.selectFrom('newsletter_subscribers').selectAll().executeTakeFirstOrThrow();
    expect(subscriber).toMatchObject({ email: 'thandi.nkosi@example.co.za', sms: '+27825550123', status: 'pending' });
    expect(await storedLists(testApp)).toEqual({ subscriber: [2, 4], consent: [2, 4] });
  });

  it('joins one ticked list of three', async () => {
    testApp = await createTestApp({}, { newsletterForms: testNewsletterForms });
    const page = await openPluginPage(testApp);
    expect(await fillAndSubmit(page, { email: 'thandi.nkosi@example.co.za', lists: [3] })).toBe(messages.success);
    expect(await storedLists(testApp)).toEqual({ subscriber: [3], consent: [3] });
  });

  it('joins a form without a multi-list block to its own list, though the script sends the other form\'s lists of the page', async () => {
    // Form 3 without its redirect: jsdom cannot follow the one the script would make.
    testApp = await createTestApp({}, { newsletterForms: [homeNewsletterForm, { ...plainNewsletterForm, redirect: undefined }] });
    const page = await openPluginPage(testApp, { plainForm: true });
    expect(await fillAndSubmit(page, { email: 'sipho@example.co.za', formId: 3, lists: [2, 3] })).toBe(plainNewsletterForm.messages.success);
    expect(await storedLists(testApp)).toEqual({ subscriber: [7], consent: [7] });
  });

  it('shows the invalid notice for an address the script lets through and the form refuses', async () => {
    testApp = await createTestApp({}, { newsletterForms: testNewsletterForms });
    const page = await openPluginPage(testApp);
    // The script's own pattern takes any top-level domain of 2 letters or more; form 1 takes at most 8.
    expect(await fillAndSubmit(page, { email: 'thandi@example.abcdefghij' })).toBe(messages.invalid);
    expect(page.$('.sib_msg_disp .sib-alert-message-error')).toHaveLength(1);
  });

  it('shows the failure notice for a sign-up without consent', async () => {
    testApp = await createTestApp({}, { newsletterForms: testNewsletterForms });
    const page = await openPluginPage(testApp, { consentRequired: false });
    expect(await fillAndSubmit(page, { email: 'thandi@example.co.za', consent: false })).toBe(messages.failure);
  });

  it('shows the captcha notice, a plain string, when the form wants a reCAPTCHA token and gets none', async () => {
    testApp = await createTestApp({ RECAPTCHA_SITE_KEY: '6LcTestSiteKey', RECAPTCHA_SECRET: '6LcTestSecret' }, { newsletterForms: testNewsletterForms });
    const page = await openPluginPage(testApp);
    expect(await fillAndSubmit(page, { email: 'thandi@example.co.za' })).toBe(messages.captchaEmpty);
  });
});
