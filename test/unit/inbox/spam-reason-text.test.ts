// Why a message is spam, in an owner's words (issue 41, part 4): each reason the server's filters
// store (server/submissions/spam-filters.ts, server/contact-form/spam-check.ts) becomes a
// sentence; the filter's name stays in brackets; anything else is shown as stored.
import { describe, expect, it } from 'vitest';
import { disallowedWordProblem, userAgentProblem } from '../../../server/submissions/spam-filters.ts';
import { spamReasonText } from '../../../src/views/inbox/inbox-texts.ts';

describe('spam reasons in words', () => {
  it('names the disallowed word the filter found, not its code', () => {
    const stored = disallowedWordProblem(['cheap "followers"'], ['Buy cheap "followers" now'])!;
    expect(stored).toMatch(/^disallowed_list:/);
    expect(spamReasonText(stored)).toBe('it contains “cheap "followers"”, a word on the site’s list of disallowed words (DISALLOWED_WORDS)');
  });

  it('says what the user-agent check, the honeypot and reCAPTCHA found', () => {
    expect(spamReasonText(userAgentProblem('')!)).toBe('it was sent without naming a browser, as only scripts do (the user-agent check)');
    expect(spamReasonText('honeypot: the hidden field was filled in.')).toBe('a hidden box that only robots see was filled in (the honeypot)');
    expect(spamReasonText('recaptcha: score 0.1 below 0.5')).toBe('Google’s robot check (reCAPTCHA) judged it sent by a robot (score 0.1 below 0.5)');
  });

  it('shows any other reason as stored', () => {
    expect(spamReasonText('marked as spam by owner@example.co.za')).toBe('marked as spam by owner@example.co.za');
  });
});
