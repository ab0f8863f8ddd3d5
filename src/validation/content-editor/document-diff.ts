// Two versions of a document compared field by field, for the console's "compare with the
// previous" (README.md, "Editing the site"): every leaf that changed, every field or list item
// added or removed, each with its path in the words documentProblems uses (`items[2].title`).
// Pure and browser-safe.
import { pathText } from './document-problems.ts';

export interface DocumentChange {
  path: string;
  kind: 'changed' | 'added' | 'removed';
  before?: unknown;
  after?: unknown;
}

type Path = ReadonlyArray<string | number>;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Index pairs of the longest run of items equal in both lists, in order (the items kept). */
function keptPairs(before: readonly unknown[], after: readonly unknown[]): Array<[number, number]> {
  const a = before.map((item) => JSON.stringify(item));
  const b = after.map((item) => JSON.stringify(item));
  const lengths = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i -= 1) {
    for (let j = b.length - 1; j >= 0; j -= 1) {
      lengths[i]![j] = a[i] === b[j] ? lengths[i + 1]![j + 1]! + 1 : Math.max(lengths[i + 1]![j]!, lengths[i]![j + 1]!);
    }
  }
  const pairs: Array<[number, number]> = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      pairs.push([i, j]);
      i += 1;
      j += 1;
    } else if (lengths[i + 1]![j]! >= lengths[i]![j + 1]!) i += 1;
    else j += 1;
  }
  return pairs;
}

/**
 * Lists: items equal in both are kept; between two kept items, the items that differ are
 * compared in pairs (a changed item), and what is left over was added or removed.
 */
function diffLists(before: readonly unknown[], after: readonly unknown[], path: Path, changes: DocumentChange[]) {
  let i = 0;
  let j = 0;
  for (const [keptBefore, keptAfter] of [...keptPairs(before, after), [before.length, after.length] as [number, number]]) {
    while (i < keptBefore && j < keptAfter) {
      diffValues(before[i], after[j], [...path, j], changes);
      i += 1;
      j += 1;
    }
    for (; i < keptBefore; i += 1) changes.push({ path: pathText([...path, i]), kind: 'removed', before: before[i] });
    for (; j < keptAfter; j += 1) changes.push({ path: pathText([...path, j]), kind: 'added', after: after[j] });
    i = keptBefore + 1;
    j = keptAfter + 1;
  }
}

function diffValues(before: unknown, after: unknown, path: Path, changes: DocumentChange[]) {
  if (same(before, after)) return;
  if (Array.isArray(before) && Array.isArray(after)) return diffLists(before, after, path, changes);
  if (isRecord(before) && isRecord(after)) {
    for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
      const here = [...path, key];
      if (!(key in after) || after[key] === undefined) changes.push({ path: pathText(here), kind: 'removed', before: before[key] });
      else if (!(key in before) || before[key] === undefined) changes.push({ path: pathText(here), kind: 'added', after: after[key] });
      else diffValues(before[key], after[key], here, changes);
    }
    return;
  }
  changes.push({ path: pathText(path), kind: 'changed', before, after });
}

/** Every difference from `before` to `after`, in the document's order; empty when they are equal. */
export function documentDiff(before: unknown, after: unknown): DocumentChange[] {
  const changes: DocumentChange[] = [];
  diffValues(before, after, [], changes);
  return changes;
}
