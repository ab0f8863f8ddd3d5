// The slide-in contact panel ("Ninja Kick: Contact Form" 3.5.5): the plugin's options by their
// own names, the panel's copy, and its forms (ncf_form_index 1, 2…).
import { array, boolean, enums, integer, literal, nonempty, nullable, object, pattern, refine, size, string, type Infer } from 'superstruct';
import { SiteHref, Text } from './common.struct.ts';

/** An optional field of a form: shown or not, and if shown, required or not. */
const OptionalField = object({ on: boolean(), required: boolean() });

export const SidebarContactFormStruct = object({
  /** ncf_form_index: what the form posts, and what the server looks the form up by. */
  index: size(integer(), 1, 99),
  /** ncf_email_title_<i>: the mail's subject is "<site name> <title>: <visitor's name>". */
  emailTitle: Text,
  /** ncf_success_message_<i>. */
  success: Text,
  /** Where a sent message takes the visitor, after the success text; null: stay in the panel. */
  redirect: nullable(SiteHref),
  /** ncf_additional_fields_<i>. */
  fields: object({ company: OptionalField, phone: OptionalField, address: OptionalField, subject: OptionalField }),
});

export type SidebarContactForm = Infer<typeof SidebarContactFormStruct>;

/** A CSS selector list of extra opening elements ('' for none); checked by the browser at build. */
const Selector = pattern(string(), /^[^{}<>]*$/);

export const SidebarContactStruct = refine(
  object({
    options: object({
      /** `slide`: the panel slides over the page; `push`: the page moves aside with it. */
      sidebar_type: enums(['slide', 'push']),
      /** The screen edge the panel and its tab sit on. */
      sidebar_pos: enums(['right', 'left']),
      /** One colour set per theme: flat #7dba00, cube #c0392b, minimalistic #50e3c2, aerial #a9a9a9. */
      theme: enums(['flat', 'cube', 'minimalistic', 'aerial']),
      /** The page behind the open panel: `dark` dims it to 0.7, `light` to 0.3, `none` not at all. */
      fade_content: enums(['dark', 'light', 'none']),
      /** The tab's icon: 1 an envelope, 2 a speech bubble, 3 a pen. */
      label: enums(['1', '2', '3']),
      /** The tab's distance from the top of the screen, in percent of its height. */
      label_top: pattern(string(), /^(100|[1-9]?\d)%$/),
      /** `visible`; `hidden` (only triggers open the panel); `hidden_500` (no tab at 500 px wide and below); `scroll` (the tab fades in after the first scroll). */
      label_vis: enums(['visible', 'hidden', 'hidden_500', 'scroll']),
      /** The panel's background picture: none on this site. */
      bg: literal('none'),
      /** `custom`: the page behind does not scroll while the panel is open; `standard`: it does. */
      scroll: enums(['custom', 'standard']),
      /** The "a + b = ?" question under every form, checked by the server too. */
      humantest: boolean(),
      /** Extra elements that open the panel, besides those marked `ncf_trigger_element`. */
      togglers: Selector,
      plugin_ver: literal('3.5.5'),
    }),
    /** The tab's accessible name (its text, hidden beside the icon). */
    labelText: Text,
    heading: Text,
    /** ncf_user_bio: a line under the heading. */
    intro: Text,
    /** What becomes of a message, with the privacy notice's path (rendered as a link: README, "Privacy"). */
    privacyNote: pattern(string(), /\/privacy\//),
    socialHeading: Text,
    /** The close button's accessible name. */
    closeLabel: Text,
    /** The fields' labels, as the messages name them ("* Please enter Your name"). */
    labels: object({
      name: Text,
      company: Text,
      phone: Text,
      address: Text,
      email: Text,
      subject: Text,
      message: Text,
      answer: Text,
    }),
    /** The plugin's button and result texts. */
    texts: object({
      send: Text,
      sending: Text,
      sendMore: Text,
      tryAgain: Text,
      close: Text,
      failed: Text,
      /** While the human test's question is on its way. */
      questionLoading: Text,
      /** The question could not be fetched, and its button to ask again. */
      questionFailed: Text,
      questionRetry: Text,
    }),
    forms: nonempty(array(SidebarContactFormStruct)),
    /** The form the tab opens (ncf_default_form). */
    defaultForm: size(integer(), 1, 99),
  }),
  'SidebarContact',
  (value) => {
    const indexes = value.forms.map((form) => form.index);
    if (new Set(indexes).size !== indexes.length) return `forms: every form needs its own index (got ${indexes.join(', ')})`;
    if (!indexes.includes(value.defaultForm)) return `defaultForm: ${value.defaultForm} is not the index of a form`;
    return true;
  },
);

export type SidebarContact = Infer<typeof SidebarContactStruct>;
export type SidebarContactOptions = SidebarContact['options'];
