// Newsletter sign-up forms (content/forms/*.newsletter.ts), compatible with the Brevo
// (Sendinblue) WordPress plugin's form: the same field names (`email`, `SMS`, attribute names in
// capitals, `listIDs[]` and `interestingLists[]`), the same hidden inputs and the same notices.
// One definition feeds the view, the browser's checks and the server's.
import { array, boolean, enums, integer, literal, nonempty, object, optional, pattern, size, string, type Infer } from 'superstruct';
import { Text } from './common.struct.ts';

/** Brevo attribute names: capitals, digits and underscores (FIRSTNAME, SMS, PROJECT_DATE). */
const AttributeName = pattern(string(), /^[A-Z][A-Z0-9_]*$/);

/** A dial code as the prefix list shows it: "+27". */
const DialCode = pattern(string(), /^\+[0-9]{1,4}$/);

/** A site path (the form posts here) or a path to redirect to after success. */
const SitePath = pattern(string(), /^\/[a-z0-9/_-]*$/);

const TextAttribute = object({
  type: literal('text'),
  name: AttributeName,
  label: Text,
  required: boolean(),
  maxLength: size(integer(), 1, 255),
  autocomplete: optional(string()),
});

/** Brevo date attributes are entered as text in the form's format, like the plugin's. */
const DateAttribute = object({
  type: literal('date'),
  name: AttributeName,
  label: Text,
  required: boolean(),
  format: enums(['dd-mm-yyyy', 'mm-dd-yyyy']),
  /** Shown under the label: how to write the date ("As dd-mm-yyyy"). */
  hint: Text,
});

/** The SMS number: a country prefix from the list, then the number. */
const SmsAttribute = object({
  type: literal('sms'),
  name: literal('SMS'),
  label: Text,
  required: boolean(),
  /** The prefix the field starts with before the visitor picks another. */
  defaultPrefix: DialCode,
  /** Shown under the label: how to enter the number. */
  hint: Text,
  /** Names the country code button for screen readers. */
  prefixLabel: Text,
});


const NewsletterList = object({
  /** The Brevo list id: in listIDs[] when ticked, in interestingLists[] whenever the form offers it. */
  id: size(integer(), 1, 1_000_000),
  label: Text,
});

export const NewsletterFormStruct = object({
  /** sib_form_id; unique across newsletter forms. */
  id: size(integer(), 1, 1_000_000),
  slug: pattern(string(), /^[a-z0-9-]+$/),
  title: Text,
  /** Where the form posts (its `action`), answered with the plugin's JSON. */
  action: SitePath,
  submitLabel: Text,
  emailLabel: Text,
  /** Extra attributes asked for, in order. */
  attributes: array(TextAttribute),
  dates: array(DateAttribute),
  sms: optional(SmsAttribute),
  /**
   * Lists every subscriber of this form joins. With `choice`, the visitor picks among these
   * (the multi-list block), joins only those ticked, and `choice.required` means at least one
   * must be ticked.
   */
  lists: nonempty(array(NewsletterList)),
  choice: optional(object({ legend: Text, required: boolean() })),
  /** The POPIA consent tick box; its exact wording is stored with each consent record. */
  consent: object({ label: Text, required: literal(true) }),
  /**
   * Longest top-level domain the e-mail check accepts (the plugin's default is 4; 8 is long
   * enough for South African city domains: .joburg, .capetown, .durban).
   */
  emailTldMaxLength: size(integer(), 2, 24),
  recaptcha: boolean(),
  /** Path to follow after `success` or `update`; none keeps the visitor on the page. */
  redirect: optional(SitePath),
  doubleOptIn: optional(
    object({
      subject: Text,
      /** Mail text; [confirm-link] and [unsubscribe-link] are replaced. */
      body: Text,
      /** Where the confirmation link lands once the subscription is confirmed. */
      confirmedPath: SitePath,
    }),
  ),
  /** The plugin's notices (successMsg, errorMsg, existMsg, invalidMsg and the two alerts). */
  messages: object({
    success: Text,
    failure: Text,
    alreadyExist: Text,
    invalid: Text,
    /** sib_form_alert_notice: a required field is empty or a required box unticked. */
    required: Text,
    /** sib_form_invalid_email_notice. */
    invalidEmail: Text,
    invalidSms: Text,
    captchaEmpty: Text,
    captchaFail: Text,
    /** For a required multi-list block with nothing ticked. */
    listRequired: Text,
  }),
});

export type NewsletterForm = Infer<typeof NewsletterFormStruct>;
export type NewsletterTextAttribute = Infer<typeof TextAttribute>;
export type NewsletterDateAttribute = Infer<typeof DateAttribute>;
export type NewsletterSmsAttribute = Infer<typeof SmsAttribute>;
