import type { StateValue } from 'xstate';

/** A machine's active leaf state as a dot path ("mounted.playing.held"), for `data-state`. */
export function leafPath(value: StateValue): string {
  if (typeof value === 'string') return value;
  const [key, child] = Object.entries(value)[0] ?? ['', undefined];
  return child ? `${key}.${leafPath(child)}` : key;
}
