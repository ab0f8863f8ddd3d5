// The newsletter form's rules, shared by the browser and the server.
export { DEFAULT_EMAIL_TLD_MAX_LENGTH, EMAIL_MAX_LENGTH, isNewsletterEmail, normaliseEmail } from './email.ts';
export { cleanSms, isDialCode, isPrefixOnly, isSmsFormat, SMS_MAX_LENGTH, SMS_MIN_LENGTH, SMS_RAW_MAX_LENGTH } from '../shared/sms.ts';
export { isAllowedDateKey, isAllowedSmsKey, type KeyPress } from './key-filters.ts';
export { dateFormatExample, parseAttributeDate, type DateFormat } from './date-attribute.ts';
export {
  NEWSLETTER_FIELD,
  NEWSLETTER_FORM_ACTION,
  readNewsletterValues,
  type FieldEntries,
  type NewsletterValues,
} from './newsletter-values.ts';
export { checkNewsletter, listsToJoin, type NewsletterProblem, type NewsletterProblemKind } from './check-newsletter.ts';
export { NEWSLETTER_STATUSES, newsletterNotice, noticeText, type NewsletterNotice, type NewsletterStatus, type NoticeKey } from './newsletter-notice.ts';
