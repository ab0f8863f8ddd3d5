// Answering from the message page (issue 42, part 1): the sender's address is a mailto: link
// (RFC 6068) with "Re: <subject>" and the message quoted, the number a tel: link.
import { describe, expect, it } from 'vitest';
import type { Message } from '../../../src/validation/inbox/inbox.protocol.ts';
import { replyLink, telephoneLink } from '../../../src/views/inbox/inbox-texts.ts';
import { MESSAGE } from '../../model-based/inbox/inbox-fixtures.ts';

const without = (part: string): Message => ({ ...MESSAGE, fields: MESSAGE.fields.filter((field) => field.part !== part) });

describe('a reply from the message page', () => {
  it('quotes the message under "Re: <subject>", every line after "> "', () => {
    expect(replyLink(MESSAGE, 'thandi@example.co.za')).toBe(
      'mailto:thandi@example.co.za?subject=Re%3A%20LED%20wall%20for%20a%20conference&body=%0A%0A%3E%20We%20need%20a%206%20m%20wall%0A%3E%20for%20three%20days%20in%20April.',
    );
    // What a mail program reads back from it.
    const url = new URL(replyLink(MESSAGE, 'thandi@example.co.za'));
    expect(url.searchParams.get('subject')).toBe('Re: LED wall for a conference');
    expect(url.searchParams.get('body')).toBe('\n\n> We need a 6 m wall\n> for three days in April.');
  });

  it('takes the heading for a form without a subject, and leaves the body out for one without a message', () => {
    expect(new URL(replyLink(without('subject'), 'thandi@example.co.za')).searchParams.get('subject')).toBe('Re: Message from Thandi Nkosi');
    expect(replyLink(without('message'), 'thandi@example.co.za')).toBe('mailto:thandi@example.co.za?subject=Re%3A%20LED%20wall%20for%20a%20conference');
  });

  it('keeps an address with characters a URL reserves one address', () => {
    expect(replyLink(MESSAGE, 'a&b?c@example.co.za').startsWith('mailto:a%26b%3Fc@example.co.za?subject=')).toBe(true);
  });

  it('dials a number as typed, without its spaces and brackets; too few digits are not a number', () => {
    expect(telephoneLink('+27 82 555 0123')).toBe('tel:+27825550123');
    expect(telephoneLink('(011) 568-4100')).toBe('tel:0115684100');
    expect(telephoneLink('call me')).toBeNull();
    expect(telephoneLink('12 34')).toBeNull();
  });
});
