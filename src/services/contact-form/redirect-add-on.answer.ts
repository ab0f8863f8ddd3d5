// The keys the "Redirection for Contact Form 7" add-on adds to a mail_sent answer, read from the
// answer with superstruct: each list in its order, each entry checked, an entry of the wrong
// shape left out (the rest still run). Nothing here is code: a script is a handler's name.
import { array, is, literal, number, object, optional, string, type, union, type Infer } from 'superstruct';

const RedirectEntry = type({
  type: union([literal('redirect'), literal('new_tab')]),
  redirect_url: string(),
  /** Seconds. */
  delay: number(),
  /** The add-on's hidden form (markup); the site posts `post_fields` from a form of its own. */
  form: optional(string()),
  post_fields: optional(array(array(string()))),
});
const PopupEntry = type({
  'template-name': string(),
  title: string(),
  text: string(),
  close_label: string(),
  link: optional(object({ label: string(), href: string() })),
});
const FireScriptEntry = type({ handler: string(), delay_redirect: number() });
const PaypalEntry = type({ redirect_url: string(), delay: number() });

export type RedirectEntry = Infer<typeof RedirectEntry>;
export type PopupEntry = Infer<typeof PopupEntry>;
export type FireScriptEntry = Infer<typeof FireScriptEntry>;
export type PaypalEntry = Infer<typeof PaypalEntry>;

/** What the add-on does after a sent message, in its order: scripts, popups, PayPal, redirects. */
export interface AddOnPlan {
  scripts: FireScriptEntry[];
  popups: PopupEntry[];
  paypal: PaypalEntry[];
  redirects: RedirectEntry[];
}

function listOf<T>(answer: object, key: string, check: (value: unknown) => value is T): T[] {
  const value: unknown = Reflect.get(answer, key);
  return Array.isArray(value) ? value.filter(check) : [];
}

export function addOnPlanOf(answer: object): AddOnPlan {
  return {
    scripts: listOf(answer, 'FireScript', (value): value is FireScriptEntry => is(value, FireScriptEntry)),
    popups: listOf(answer, 'popup', (value): value is PopupEntry => is(value, PopupEntry)),
    paypal: listOf(answer, 'redirect_to_paypal', (value): value is PaypalEntry => is(value, PaypalEntry)),
    redirects: listOf(answer, 'redirect', (value): value is RedirectEntry => is(value, RedirectEntry)),
  };
}

export const hasAddOnWork = (plan: AddOnPlan) => plan.scripts.length + plan.popups.length + plan.paypal.length + plan.redirects.length > 0;
