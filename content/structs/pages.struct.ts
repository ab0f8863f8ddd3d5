import { array, nonempty, object, type Infer } from 'superstruct';
import { Link, Text } from './common.struct.ts';

const SimplePage = object({
  eyebrow: Text,
  heading: Text,
  paragraphs: nonempty(array(Text)),
  primaryAction: Link,
  /** Places a visitor may want to go next. */
  links: array(Link),
  linksHeading: Text,
});

export const PagesStruct = object({
  thankYou: SimplePage,
  notFound: SimplePage,
  /** Where the newsletter's links in mails land: confirmed, unsubscribed, a link too old. */
  newsletterConfirmed: SimplePage,
  newsletterUnsubscribed: SimplePage,
  newsletterLinkExpired: SimplePage,
});

export type Pages = Infer<typeof PagesStruct>;
export type SimplePage = Infer<typeof SimplePage>;
