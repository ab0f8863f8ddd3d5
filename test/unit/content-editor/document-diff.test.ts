// documentDiff: field by field, in documentProblems' path words; list items matched so an item
// added or removed in the middle is one change, not a change of every item after it.
import { describe, expect, it } from 'vitest';
import { documentDiff } from '../../../src/validation/content-editor/document-diff.ts';

describe('documentDiff', () => {
  it('finds nothing between equal documents', () => {
    expect(documentDiff({ a: [1, { b: 'x' }] }, { a: [1, { b: 'x' }] })).toEqual([]);
  });

  it('names a changed leaf by its path, with both values', () => {
    expect(documentDiff({ heading: 'Old', items: [{ title: 'A' }, { title: 'B' }] }, { heading: 'Old', items: [{ title: 'A' }, { title: 'C' }] })).toEqual([
      { path: 'items[1].title', kind: 'changed', before: 'B', after: 'C' },
    ]);
  });

  it('lists fields added and removed', () => {
    expect(documentDiff({ a: 1, gone: 'x' }, { a: 1, fresh: true })).toEqual([
      { path: 'gone', kind: 'removed', before: 'x' },
      { path: 'fresh', kind: 'added', after: true },
    ]);
  });

  it('finds an item inserted in the middle of a list as one added item', () => {
    expect(documentDiff({ list: ['a', 'b', 'c'] }, { list: ['a', 'new', 'b', 'c'] })).toEqual([{ path: 'list[1]', kind: 'added', after: 'new' }]);
  });

  it('finds an item removed from a list by its old place', () => {
    expect(documentDiff(['a', 'b', 'c'], ['a', 'c'])).toEqual([{ path: '[1]', kind: 'removed', before: 'b' }]);
  });

  it('compares an edited item field by field, and a moved item as removed and added', () => {
    const before = { cards: [{ id: 1, title: 'One' }, { id: 2, title: 'Two' }, { id: 3, title: 'Three' }] };
    expect(documentDiff(before, { cards: [{ id: 1, title: 'Uno' }, { id: 2, title: 'Two' }, { id: 3, title: 'Three' }] })).toEqual([
      { path: 'cards[0].title', kind: 'changed', before: 'One', after: 'Uno' },
    ]);
    expect(documentDiff(before, { cards: [before.cards[1], before.cards[0], before.cards[2]] })).toEqual([
      { path: 'cards[0]', kind: 'removed', before: before.cards[0] },
      { path: 'cards[1]', kind: 'added', after: before.cards[0] },
    ]);
  });

  it('reports a change of kind (a list become a text) as a changed value', () => {
    expect(documentDiff({ a: ['x'] }, { a: 'x' })).toEqual([{ path: 'a', kind: 'changed', before: ['x'], after: 'x' }]);
  });
});
