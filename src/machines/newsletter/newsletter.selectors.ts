// What the newsletter form's view reads from its state: the kind of the message shown (from the
// `message:*` tags, so the state is the only place the kind lives; ARCHITECTURE.md, "State lives
// in the state") and where the form is.
import type { SnapshotFrom } from 'xstate';
import type { NewsletterMessageKind } from './newsletter-context.ts';
import type { newsletterMachine } from './newsletter.machine.ts';

type NewsletterSnapshot = Pick<SnapshotFrom<typeof newsletterMachine>, 'hasTag' | 'matches'>;

const MESSAGE_KINDS: readonly NewsletterMessageKind[] = ['success', 'warning', 'error'];

/** The kind of the message on show, null when none is. */
export function shownMessageKind(snapshot: Pick<NewsletterSnapshot, 'hasTag'>): NewsletterMessageKind | null {
  return MESSAGE_KINDS.find((kind) => snapshot.hasTag(`message:${kind}`)) ?? null;
}

export const isRedirecting = (snapshot: NewsletterSnapshot) => snapshot.matches({ active: { form: 'redirecting' } });
export const isFading = (snapshot: NewsletterSnapshot) => snapshot.matches({ active: { form: { editing: { answered: { display: 'fading' } } } } });
