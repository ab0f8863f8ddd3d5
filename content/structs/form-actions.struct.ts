// What happens after a contact form's message is sent: the "Redirection for Contact Form 7"
// add-on's actions, an ordered list per form. Each is checked by its `type` (a discriminated
// union). Unlike the add-on, nothing here is code: a script is the name of a
// handler the site ships, a URL is written here (or on the allow-list) and never taken from
// what a visitor typed, and values only ever reach a URL's query, encoded, for the fields named.
import { array, enums, integer, literal, number, object, optional, pattern, refine, size, string, union, type Infer } from 'superstruct';
import { Email, HttpsUrl, SiteHref, Text } from './common.struct.ts';

const FieldName = pattern(string(), /^[a-z][a-z0-9_-]*$/i);

/** An action only when a field holds (or contains) a value; case-insensitive, trimmed. */
export const ActionCondition = refine(
  object({ field: FieldName, equals: optional(string()), contains: optional(string()) }),
  'ActionCondition',
  (value) => ((value.equals === undefined) !== (value.contains === undefined) ? true : 'Expected exactly one of `equals` and `contains`'),
);
export type ActionCondition = Infer<typeof ActionCondition>;

/** A query parameter filled from a field: `?<param>=<the field's value, URL-encoded>`. */
const QueryFromField = object({ param: pattern(string(), /^[A-Za-z0-9_.-]{1,40}$/), field: FieldName });

/** The handlers a FireScript action may name; the code is in src/services/contact-form/redirect-add-on-scripts.service.ts. */
export const FIRE_SCRIPT_HANDLERS = ['gtag-conversion', 'data-layer-event'] as const;

const RedirectAction = object({
  type: literal('redirect'),
  /** A page of the site, or an https URL on the form's `allowedHosts`. */
  url: union([SiteHref, HttpsUrl]),
  /** Seconds before leaving (the add-on's `delay`). */
  delay: size(integer(), 0, 60),
  /** `redirect`: this tab; `new_tab`: a new one (a hidden-form POST always uses this tab). */
  open: enums(['redirect', 'new_tab']),
  query: optional(array(QueryFromField)),
  /** POST these fields to the URL in a hidden form, instead of going there (a payment or CRM page). */
  post: optional(size(array(FieldName), 1, 40)),
  when: optional(ActionCondition),
});

const PopupAction = object({
  type: literal('popup'),
  /** The add-on's `template-name`: the class the page's body carries while the popup is on. */
  template: enums(['thank-you-popup', 'plain-popup']),
  title: Text,
  text: Text,
  /** The close button's label. */
  closeLabel: Text,
  /** A link under the text ("Read our case studies"), optional. */
  link: optional(object({ label: Text, href: SiteHref })),
  when: optional(ActionCondition),
});

const FireScriptAction = object({
  type: literal('FireScript'),
  handler: enums(FIRE_SCRIPT_HANDLERS),
  /** Milliseconds before it runs (the add-on's `delay_redirect`). */
  delay: size(integer(), 0, 60_000),
  when: optional(ActionCondition),
});

const PaypalAction = object({
  type: literal('redirect_to_paypal'),
  /** The PayPal account that is paid. */
  business: Email,
  /** The item's name, or the field that holds it. */
  itemName: Text,
  itemNameField: optional(FieldName),
  /** A fixed amount, or the field that holds it (a number field of the form). */
  amount: optional(size(number(), 0.01, 1_000_000)),
  amountField: optional(FieldName),
  currency: enums(['ZAR', 'USD', 'EUR', 'GBP']),
  /** Milliseconds before leaving for PayPal. */
  delay: size(integer(), 0, 60_000),
  when: optional(ActionCondition),
});

/** Request headers; a value `env:NAME` is the server's environment variable NAME (a token stays out of content). */
const Headers = optional(array(object({ name: pattern(string(), /^[A-Za-z0-9-]{1,64}$/), value: pattern(string(), /^[^\r\n]{0,1000}$/) })));

const ApiUrlAction = object({
  type: literal('api_url_request'),
  /** An https URL on the form's `allowedHosts`. */
  url: HttpsUrl,
  method: enums(['GET', 'POST']),
  headers: Headers,
  /** The fields sent: in the query (GET) or as a urlencoded body (POST). */
  fields: size(array(QueryFromField), 1, 40),
  when: optional(ActionCondition),
});

const ApiJsonXmlAction = object({
  type: literal('api_json_xml_request'),
  url: HttpsUrl,
  method: enums(['POST', 'PUT']),
  headers: Headers,
  format: enums(['json', 'xml']),
  /** The body, with [field] tags replaced by the fields' values, escaped for the format. */
  template: size(string(), 1, 20_000),
  when: optional(ActionCondition),
});

/** An action; its `type` says which (a union: a wrong entry lists what each kind expected). */
export const FormAction = union([RedirectAction, PopupAction, FireScriptAction, PaypalAction, ApiUrlAction, ApiJsonXmlAction]);
export type FormAction = Infer<typeof FormAction>;
export type FormActionType = FormAction['type'];

/** Hosts a form's actions may send a visitor or a request to ("crm.example.com"). */
export const AllowedHost = pattern(string(), /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/);
