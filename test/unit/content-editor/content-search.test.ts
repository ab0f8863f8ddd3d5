// Finding a text in a document and replacing it (src/validation/content-editor/content-search.ts):
// every text of the document, without regard to capitals, never an identifier or a part only the
// repository sets; the text around each place; a replacement written as it is (a `$` too).
import { describe, expect, it } from 'vitest';
import { repositoryContent } from '../../../content/repository-content.ts';
import { placesIn, replacedIn, replaceNote, SEARCH_AROUND } from '../../../src/validation/content-editor/content-search.ts';
import { NOTE_MAX } from '../../../src/validation/content-editor/content-editor.protocol.ts';

const content = repositoryContent();

describe('placesIn', () => {
  it('finds every place, without regard to capitals, each with its field and as written there', () => {
    const places = placesIn('company', content.company, 'midrand');
    expect(places.length).toBeGreaterThan(1);
    expect(places.every((place) => place.match === 'Midrand')).toBe(true);
    expect(places.map((place) => place.path)).toContain('offices[0].address.city');
  });

  it('leaves out identifiers (`id`, a picture\u2019s `key`)', () => {
    expect(placesIn('company', { offices: [{ id: 'midrand', name: 'Midrand' }] }, 'midrand').map((place) => place.path)).toEqual(['offices[0].name']);
    expect(placesIn('hero', { image: { key: 'hero-led-wall', alt: 'An LED wall' } }, 'led').map((place) => place.path)).toEqual(['image.alt']);
  });

  it('leaves out the contact form\u2019s API actions and allowed hosts (only the repository sets them)', () => {
    const form = {
      title: 'Write to example.com',
      allowedHosts: ['example.com'],
      actions: [
        { type: 'api_url_request', url: 'https://example.com/hook' },
        { type: 'email', subject: 'A message from example.com' },
      ],
    };
    expect(placesIn('contactForm', form, 'example.com').map((place) => place.path)).toEqual(['title', 'actions[1].subject']);
    // Another document's field of the same name is searched.
    expect(placesIn('footer', { allowedHosts: ['example.com'] }, 'example.com').map((place) => place.path)).toEqual(['allowedHosts[0]']);
  });

  it(`shows up to ${SEARCH_AROUND} characters either side, with \u2026 where the field goes on`, () => {
    const long = `${'a'.repeat(60)} needle ${'b'.repeat(60)}`;
    const [place] = placesIn('hero', { lead: long }, 'NEEDLE');
    expect(place).toEqual({ path: 'lead', before: `\u2026${'a'.repeat(SEARCH_AROUND - 1)} `, match: 'needle', after: ` ${'b'.repeat(SEARCH_AROUND - 1)}\u2026` });
    expect(placesIn('hero', { heading: 'Needle' }, 'needle')).toEqual([{ path: 'heading', before: '', match: 'Needle', after: '' }]);
  });

  it('reads a search\u2019s special characters as themselves', () => {
    expect(placesIn('hero', { heading: 'Call (011) 555.0100 now' }, '(011) 555.0100')).toHaveLength(1);
    expect(placesIn('hero', { heading: 'Call 011x555x0100' }, '011.555.0100')).toEqual([]);
    expect(placesIn('hero', { heading: 'anything' }, '')).toEqual([]);
  });
});

describe('replacedIn', () => {
  it('replaces every place placesIn finds, and nothing else', () => {
    const { document, count } = replacedIn('company', content.company, '+27 11 568 4100', '+27 10 020 7700');
    expect(count).toBe(placesIn('company', content.company, '+27 11 568 4100').length);
    expect(JSON.stringify(document)).not.toContain('+27 11 568 4100');
    expect(document).toEqual({ ...content.company, phone: '+27 10 020 7700', offices: content.company.offices.map((office, index) => (index === 0 ? { ...office, phone: '+27 10 020 7700' } : office)) });
  });

  it('writes the replacement as it is, `$&` included, and leaves identifiers and repository-only parts alone', () => {
    const form = { title: 'Pay R5', allowedHosts: ['r5.example'], actions: [{ type: 'api_url_request', url: 'https://r5.example/' }], fields: [{ id: 'r5', label: 'R5 or more' }] };
    const { document, count } = replacedIn('contactForm', form, 'r5', '$& ($1)');
    expect(count).toBe(2);
    expect(document).toEqual({ ...form, title: 'Pay $& ($1)', fields: [{ id: 'r5', label: '$& ($1) or more' }] });
  });

  it('gives the same document back when the text is nowhere', () => {
    const { document, count } = replacedIn('hero', content.hero, 'no such words anywhere', 'x');
    expect(count).toBe(0);
    expect(document).toBe(content.hero);
  });
});

describe('replaceNote', () => {
  it('says what was replaced, or taken out, within a note\u2019s length', () => {
    expect(replaceNote('011', '010')).toBe('Replaced \u201c011\u201d with \u201c010\u201d everywhere');
    expect(replaceNote('and factory', '')).toBe('Removed \u201cand factory\u201d everywhere');
    expect(replaceNote('x'.repeat(200), 'y'.repeat(200)).length).toBe(NOTE_MAX);
  });
});
