import { describe, expect, it } from 'vitest';
import { DOCUMENT_NAMES } from '../../../content/content-documents.ts';
import { characterCount, DOCUMENT_MAX_BYTES, lengthProblems, LONG_TEXT_MAX, TEXT_MAX, textMaxOf } from '../../../content/content-limits.ts';
import { repositoryContent } from '../../../content/repository-content.ts';
import { documentProblems } from '../../../src/validation/content-editor/document-problems.ts';
import { RULE_MESSAGES } from '../../../src/validation/content-editor/problem-messages.ts';

/* The maxima shared by the console's editor and the server (README.md, "Abuse paths and the limits that stop them"). */

describe('the content maxima', () => {
  it('hold every document of the repository', () => {
    const content = repositoryContent();
    for (const name of DOCUMENT_NAMES) expect(lengthProblems(content[name]), name).toEqual([]);
  });

  it('give the editor\'s textareas the longer maximum, a list\'s items their list\'s', () => {
    expect(textMaxOf('heading')).toBe(TEXT_MAX);
    expect(textMaxOf('lead')).toBe(LONG_TEXT_MAX);
    expect(lengthProblems({ paragraphs: ['p'.repeat(LONG_TEXT_MAX)], labels: ['l'.repeat(TEXT_MAX + 1)] })).toEqual([{ path: 'labels[0]', message: `Up to ${TEXT_MAX} characters: this has ${TEXT_MAX + 1}.` }]);
  });

  it('count characters as a person does: an emoji or an accented letter is one', () => {
    expect(characterCount('é🙂a')).toBe(3);
    expect(lengthProblems({ heading: '🙂'.repeat(TEXT_MAX) })).toEqual([]);
  });

  it('refuse a document over its size, and one nested deeper than any struct', () => {
    const big = { items: Array.from({ length: 100 }, () => ({ answer: 'a'.repeat(2000) })) };
    expect(lengthProblems(big)).toEqual([{ path: '', message: expect.stringContaining(`${DOCUMENT_MAX_BYTES / 1024} KB`) }]);
    let deep: unknown = 'x';
    for (let level = 0; level < 100; level += 1) deep = [deep];
    expect(lengthProblems(deep)).toEqual([{ path: '', message: expect.stringContaining('Nested more than') }]);
  });

  it('are among a draft\'s problems, where the struct has none of its own at that field', () => {
    const hero = { ...repositoryContent().hero, heading: 'h'.repeat(TEXT_MAX + 1) };
    expect(documentProblems('hero', hero)).toEqual([{ path: 'heading', message: `Up to ${TEXT_MAX} characters: this has ${TEXT_MAX + 1}.` }]);
    expect(documentProblems('hero', { ...hero, heading: ' ' })).toEqual([{ path: 'heading', message: RULE_MESSAGES.blank }]);
  });
});
