// The audit log's words (issue 41, part 4): what the server records ("content projectPages",
// "reason: console_passkey_rejected", "staffMayEdit: true") reads as an owner's sentence, the
// technical code kept in brackets where a developer needs it; entries the table does not know
// are shown as written.
import { describe, expect, it } from 'vitest';
import { auditDetailText, auditSubjectText } from '../../../src/views/console-access/audit-texts.ts';
import { CONSOLE_ACCESS_ERROR } from '../../../src/validation/console-access/console-access.protocol.ts';

const ZONE = 'Africa/Johannesburg';

describe('the audit log in words', () => {
  it.each([
    ['content projectPages', 'Site content: Projects: pages'],
    ['content hero', 'Site content: Home: hero'],
    ['content settings', 'Who may edit the site'],
    ['message 3', 'Message 3'],
    ['subscriber 12', 'Subscriber 12'],
    ['picture 4f2a.webp', 'Picture 4f2a.webp'],
    ['backup', 'Backups'],
    ['clicks', 'Click report'],
    ['a person', 'A person (their details are not kept here)'],
    ['owner@example.co.za', 'owner@example.co.za'],
    ['content notADocument', 'content notADocument'],
  ])('names the subject %j as %j', (subject, words) => {
    expect(auditSubjectText(subject)).toBe(words);
  });

  it('says why a sign-in failed, the refusal code in brackets', () => {
    expect(auditDetailText({ reason: CONSOLE_ACCESS_ERROR.passkeyRejected }, ZONE)).toBe('why: the passkey’s answer did not check out (console_passkey_rejected)');
    expect(auditDetailText({ reason: 'revoked', again: true }, ZONE)).toBe('why: the person’s access was revoked; signing in again to confirm a change');
    expect(auditDetailText({ reason: 'something new' }, ZONE)).toBe('why: something new');
  });

  it('says what a permission change did, not its key', () => {
    expect(auditDetailText({ staffMayEdit: true }, ZONE)).toBe('staff may now edit the site’s content');
    expect(auditDetailText({ staffMayEdit: false }, ZONE)).toBe('only owners may now edit the site’s content');
  });

  it('names documents, forms, sizes, counts and times in words; leaves out flags that are off and passkey ids', () => {
    expect(auditDetailText({ document: 'projectPages', revision: 41 }, ZONE)).toBe('document: Projects: pages; change number 41 (kept to restore)');
    expect(auditDetailText({ form: 5 }, ZONE)).toBe('from form number 5');
    expect(auditDetailText({ role: 'owner', expiresAt: '2026-11-27T08:15:00.000Z', mailed: false }, ZONE)).toBe('as an owner; link valid until 27 Nov 2026, 10:15; invitation mailed: no');
    expect(auditDetailText({ passkey: 7, again: false }, ZONE)).toBe('');
    expect(auditDetailText({ bytes: 2_621_440 }, ZONE)).toBe('size: 2.5 MB');
    expect(auditDetailText({ kind: 'mailing-service', filter: { status: 'subscribed', q: '' }, rows: 1 }, ZONE)).toBe('for Brevo’s import; filter: status subscribed; 1 row');
    expect(auditDetailText({ filter: {}, rows: 3, interrupted: true }, ZONE)).toBe('filter: everything; 3 rows; the download was interrupted');
    expect(auditDetailText({ sessionsEnded: 2 }, ZONE)).toBe('signed out of 2 sessions');
  });

  it('shows a detail it does not know as the server wrote it', () => {
    expect(auditDetailText({ shiny: { a: 1 } }, ZONE)).toBe('shiny: {"a":1}');
  });
});
