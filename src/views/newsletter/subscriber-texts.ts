// The words the subscribers' console pages use for statuses, consent actions and the server's refusals.
import { SUBSCRIBERS_ERROR, SUBSCRIBER_STATUS_WORDS, type ConsentEntry, type NewsletterListRef, type SubscriberState } from '../../validation/newsletter/subscribers.protocol.ts';

/** A blank note where an unsubscribe asks why (one subscriber's page, several at once). */
export const UNSUBSCRIBE_NOTE_MISSING = 'Write why the person is unsubscribed (for example: “Asked by phone on 20 November”).';

export const STATUS_LABEL: Record<SubscriberState, string> = SUBSCRIBER_STATUS_WORDS;

export const CONSENT_LABEL: Record<ConsentEntry['action'], string> = {
  subscribe: 'Signed up',
  confirm: 'Confirmed',
  unsubscribe: 'Unsubscribed',
};

/** The subscriber's Brevo line when the server has no Brevo key (README.md, "The newsletter service (Brevo)"). */
export const BREVO_NOT_CONNECTED =
  'Not connected: the site is not linked to a Brevo account, so no subscriber is sent to Brevo. To connect it, your developer sets BREVO_API_KEY (and BREVO_LIST_IDS for your lists) on the server.';

export const listNames = (lists: readonly NewsletterListRef[]): string => (lists.length === 0 ? 'No lists' : lists.map((list) => list.label).join(', '));

/** Why an owner's action was refused, in the page's words (the server's message otherwise). */
export function refusalText(problem: { code: string; message: string }): string {
  switch (problem.code) {
    case SUBSCRIBERS_ERROR.resentTooSoon:
      return 'A confirmation mail was sent less than 10 minutes ago. Wait 10 minutes before sending another.';
    case SUBSCRIBERS_ERROR.mailLimited:
      return 'This mailbox has had its confirmation mails for today (the sign-up form allows three a day per mailbox, 10 minutes apart, and a limited number per domain). Try again tomorrow.';
    case SUBSCRIBERS_ERROR.nothingToConfirm:
      return 'Nothing of this subscriber is waiting for confirmation any more.';
    case SUBSCRIBERS_ERROR.noConfirmationMail:
      return 'The form this sign-up came from no longer sends a confirmation mail.';
    case SUBSCRIBERS_ERROR.alreadyUnsubscribed:
      return 'This person is already unsubscribed.';
    default:
      return problem.message;
  }
}
