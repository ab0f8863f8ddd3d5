import type { FormDefinition } from '../../content/forms/index.ts';
import type { ActionCondition, FormAction } from '../../content/structs/form-actions.struct.ts';
import { escapeHtml } from '../../src/validation/shared/escape-html.ts';
import { displayValue, type PostedData } from './posted-data.ts';

/*
 * The "Redirection for Contact Form 7" add-on's keys of a mail_sent answer, from the form's
 * actions whose condition holds: one key per action type, each a list, in the add-on's shape.
 * Built so that nothing a visitor typed can steer the browser: every URL is the form's own (a
 * page of the site, or an https URL on its allow-list), a value only ever reaches a URL's query
 * URL-encoded, for the fields an action names, and markup (the hidden form, the popup) escapes
 * every value. Scripts are handler names the site's code knows, never code.
 */

export interface RedirectEntry {
  type: 'redirect' | 'new_tab';
  redirect_url: string;
  /** Seconds. */
  delay: number;
  /** A hidden form posting the chosen fields to redirect_url (`#cf7r-result-form`), as the add-on sends it. */
  form?: string;
  /** The same fields as data: the site's own script builds the form from these, never from markup. */
  post_fields?: Array<[string, string]>;
}

export interface PopupEntry {
  'popup-template': string;
  'template-name': string;
  /** The popup's parts, so the site's own dialog renders them (the template is for other scripts). */
  title: string;
  text: string;
  close_label: string;
  link?: { label: string; href: string };
}

export interface FireScriptEntry {
  handler: string;
  /** Milliseconds. */
  delay_redirect: number;
}

export interface PaypalEntry {
  redirect_url: string;
  /** Milliseconds. */
  delay: number;
}

export interface AfterSentKeys {
  redirect?: RedirectEntry[];
  popup?: PopupEntry[];
  FireScript?: FireScriptEntry[];
  redirect_to_paypal?: PaypalEntry[];
}

export const PAYPAL_CHECKOUT_URL = 'https://www.paypal.com/cgi-bin/webscr';

const valueOf = (postedData: PostedData, field: string) => displayValue(postedData[field]).trim();

export function conditionHolds(condition: ActionCondition | undefined, postedData: PostedData): boolean {
  if (condition === undefined) return true;
  const value = valueOf(postedData, condition.field).toLowerCase();
  if (condition.equals !== undefined) return value === condition.equals.trim().toLowerCase();
  return value.includes((condition.contains ?? '').trim().toLowerCase());
}

/** The actions of a sent form that apply to this submission, in the form's order. */
export function applicableActions(form: FormDefinition, postedData: PostedData): FormAction[] {
  return (form.actions ?? []).filter((action) => conditionHolds(action.when, postedData));
}

/** A form's URL made absolute (a site path joins SITE_URL); null when its host is not allowed. */
export function actionUrl(form: FormDefinition, url: string, origin: string): URL | null {
  const absolute = url.startsWith('/') ? new URL(`${origin.replace(/\/$/, '')}${url}`) : new URL(url);
  if (url.startsWith('/')) return absolute;
  return absolute.protocol === 'https:' && (form.allowedHosts ?? []).includes(absolute.hostname) ? absolute : null;
}

function withQuery(url: URL, params: ReadonlyArray<readonly [string, string]>): string {
  const result = new URL(url);
  for (const [name, value] of params) result.searchParams.append(name, value);
  return result.toString();
}

function hiddenForm(action: string, fields: ReadonlyArray<readonly [string, string]>): string {
  const inputs = fields.map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`).join('');
  return `<form id="cf7r-result-form" class="wpcf7r-result-form" method="post" action="${escapeHtml(action)}" hidden>${inputs}</form>`;
}

function popupTemplate(action: Extract<FormAction, { type: 'popup' }>, origin: string): string {
  const link = action.link ? `<p><a href="${escapeHtml(`${origin.replace(/\/$/, '')}${action.link.href}`)}">${escapeHtml(action.link.label)}</a></p>` : '';
  return (
    `<div class="wpcf7r-modal ${escapeHtml(action.template)}" role="dialog" aria-modal="true" aria-label="${escapeHtml(action.title)}">` +
    `<h2>${escapeHtml(action.title)}</h2><p>${escapeHtml(action.text)}</p>${link}` +
    `<button type="button" class="close-button">${escapeHtml(action.closeLabel)}</button></div>`
  );
}

/** A positive amount with at most two decimals ("1500", "1 500.50", "1500,5"), or null. */
export function paypalAmount(text: string): string | null {
  const normalised = text.replace(/[\s\u00a0]/g, '').replace(',', '.');
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(normalised)) return null;
  const amount = Number(normalised);
  return amount > 0 ? amount.toFixed(2) : null;
}

export function afterSentKeys(form: FormDefinition, postedData: PostedData, origin: string, log: { warn(details: object, text: string): void }): AfterSentKeys {
  const redirect: RedirectEntry[] = [];
  const popup: PopupEntry[] = [];
  const fireScript: FireScriptEntry[] = [];
  const paypal: PaypalEntry[] = [];
  for (const action of applicableActions(form, postedData)) {
    switch (action.type) {
      case 'redirect': {
        const url = actionUrl(form, action.url, origin);
        if (url === null) {
          log.warn({ form: form.id, url: action.url }, 'redirect action to a host not on allowedHosts: left out');
          break;
        }
        const query = (action.query ?? []).map((entry) => [entry.param, valueOf(postedData, entry.field)] as const);
        const target = withQuery(url, query);
        if (action.post) {
          const fields = action.post.map((field): [string, string] => [field, valueOf(postedData, field)]);
          redirect.push({ type: 'redirect', redirect_url: target, delay: action.delay, form: hiddenForm(target, fields), post_fields: fields });
        } else {
          redirect.push({ type: action.open, redirect_url: target, delay: action.delay });
        }
        break;
      }
      case 'popup':
        popup.push({
          'popup-template': popupTemplate(action, origin),
          'template-name': action.template,
          title: action.title,
          text: action.text,
          close_label: action.closeLabel,
          ...(action.link ? { link: action.link } : {}),
        });
        break;
      case 'FireScript':
        fireScript.push({ handler: action.handler, delay_redirect: action.delay });
        break;
      case 'redirect_to_paypal': {
        const amount = action.amountField ? paypalAmount(valueOf(postedData, action.amountField)) : paypalAmount(String(action.amount ?? ''));
        if (amount === null) {
          log.warn({ form: form.id }, 'PayPal action without a valid amount: left out');
          break;
        }
        const itemName = (action.itemNameField ? valueOf(postedData, action.itemNameField) : '') || action.itemName;
        const params = [
          ['cmd', '_xclick'],
          ['business', action.business],
          ['item_name', itemName.slice(0, 127)],
          ['amount', amount],
          ['currency_code', action.currency],
          ['no_shipping', '1'],
          ['return', `${origin.replace(/\/$/, '')}/thank-you/`],
        ] as const;
        paypal.push({ redirect_url: withQuery(new URL(PAYPAL_CHECKOUT_URL), params), delay: action.delay });
        break;
      }
      case 'api_url_request':
      case 'api_json_xml_request':
        // Run by the server through the outbox; the browser is told nothing of them.
        break;
    }
  }
  // A key only for a type that has entries, as the add-on answers.
  return {
    ...(redirect.length > 0 ? { redirect } : {}),
    ...(popup.length > 0 ? { popup } : {}),
    ...(fireScript.length > 0 ? { FireScript: fireScript } : {}),
    ...(paypal.length > 0 ? { redirect_to_paypal: paypal } : {}),
  };
}
