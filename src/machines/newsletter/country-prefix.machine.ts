// The SMS field's country prefix picker: a button that opens a list of countries with their dial
// codes (WAI-ARIA APG listbox: arrows, Home/End, type-ahead by country name, Enter to pick,
// Escape to close, the focus back on the button). The list is fetched on first open (the server
// sends the Brevo plugin's HTML list; a service reads it), with a loading and a retryable error
// state. A pick is emitted as `prefix.picked`; the newsletter form puts it in the SMS field.
import { assertEvent, assign, emit, enqueueActions, setup } from 'xstate';
import { fetchCountryPrefixes } from '../../services/newsletter/country-prefix.actor.ts';
import type { CountryPrefix } from '../../services/newsletter/country-prefix-list.service.ts';
import { COUNTRY_PREFIX_TYPEAHEAD_PAUSE_MS } from './newsletter.constants.ts';

export interface CountryPrefixInput {
  /** The form's default dial code, shown until the visitor picks a country. */
  dialCode: string;
}

export interface CountryPrefixContext {
  countries: CountryPrefix[];
  dialCode: string;
  /** The picked country (null until one is picked: +1 or +44 belong to several). */
  countryCode: string | null;
  /** The option under the keyboard (aria-activedescendant), -1 for none. */
  active: number;
  /** Letters typed in the current type-ahead burst. */
  query: string;
  error: string;
}

export type CountryPrefixEvent =
  | { type: 'picker.open' }
  | { type: 'picker.close' }
  /** The focus left the open list (Tab, a click elsewhere): it closes where the focus went. */
  | { type: 'picker.dismiss' }
  | { type: 'picker.retry' }
  | { type: 'picker.move'; to: 'next' | 'previous' | 'first' | 'last' }
  | { type: 'picker.type'; key: string }
  /** Enter on the active option, or a click on option `index`. */
  | { type: 'picker.choose'; index?: number };

/** A pick for the form; the focus back to the button (closing by the keyboard or a pick). */
export type CountryPrefixEmitted =
  | { type: 'prefix.picked'; dialCode: string; countryCode: string }
  | { type: 'focus.button' }
  | { type: 'focus.list' };

const clamp = (index: number, length: number) => Math.max(0, Math.min(length - 1, index));

/** The first country after `from` (wrapping) whose name starts with the query. */
export function typeAheadMatch(countries: readonly CountryPrefix[], query: string, from: number): number {
  if (query === '') return from;
  // One letter pressed again cycles through that letter's countries, as APG listboxes do.
  const start = query.length === 1 ? from + 1 : Math.max(from, 0);
  for (let offset = 0; offset < countries.length; offset += 1) {
    const index = (start + offset) % countries.length;
    if (countries[index]!.name.toLowerCase().startsWith(query)) return index;
  }
  return from;
}

/** The option to start on when the list opens: the picked country, or the first with the dial code. */
function selectedIndex(context: CountryPrefixContext): number {
  const byCountry = context.countries.findIndex((country) => country.countryCode === context.countryCode);
  if (byCountry >= 0) return byCountry;
  return Math.max(0, context.countries.findIndex((country) => country.dialCode === context.dialCode));
}

export const countryPrefixMachine = setup({
  types: {
    input: {} as CountryPrefixInput,
    context: {} as CountryPrefixContext,
    events: {} as CountryPrefixEvent,
    emitted: {} as CountryPrefixEmitted,
  },
  actors: { fetchCountryPrefixes },
  guards: {
    hasCountries: ({ context }) => context.countries.length > 0,
    hasChoice: ({ context, event }) => {
      assertEvent(event, 'picker.choose');
      return context.countries[event.index ?? context.active] !== undefined;
    },
  },
  actions: {
    storeCountries: assign((_, countries: CountryPrefix[]) => ({ countries, error: '' })),
    storeError: assign((_, failure: { error: unknown }) => ({ error: failure.error instanceof Error ? failure.error.message : String(failure.error) })),
    logError: (_, failure: { error: unknown }) => console.error(failure.error),
    activateSelected: assign({ active: ({ context }) => selectedIndex(context), query: '' }),
    move: assign({
      active: ({ context, event }) => {
        assertEvent(event, 'picker.move');
        const last = context.countries.length - 1;
        if (event.to === 'first') return 0;
        if (event.to === 'last') return last;
        return clamp(context.active + (event.to === 'next' ? 1 : -1), context.countries.length);
      },
    }),
    typeAhead: assign(({ context, event }) => {
      assertEvent(event, 'picker.type');
      const query = context.query + event.key.toLowerCase();
      return { query, active: typeAheadMatch(context.countries, query, context.active) };
    }),
    clearQuery: assign({ query: '' }),
    choose: assign(({ context, event }) => {
      assertEvent(event, 'picker.choose');
      const index = event.index ?? context.active;
      const country = context.countries[index]!;
      return { active: index, dialCode: country.dialCode, countryCode: country.countryCode };
    }),
    announcePick: emit(({ context }) => ({ type: 'prefix.picked' as const, dialCode: context.dialCode, countryCode: context.countryCode ?? '' })),
    focusList: emit({ type: 'focus.list' as const }),
    returnFocus: enqueueActions(({ enqueue }) => {
      enqueue.assign({ query: '' });
      enqueue.emit({ type: 'focus.button' });
    }),
  },
  delays: {
    typeAheadPause: COUNTRY_PREFIX_TYPEAHEAD_PAUSE_MS,
  },
}).createMachine({
  id: 'countryPrefix',
  context: ({ input }) => ({ countries: [], dialCode: input.dialCode, countryCode: null, active: -1, query: '', error: '' }),
  initial: 'closed',
  states: {
    closed: {
      on: {
        'picker.open': [{ guard: 'hasCountries', target: 'open', actions: 'activateSelected' }, { target: 'loading' }],
      },
    },
    loading: {
      invoke: {
        id: 'fetchCountryPrefixes',
        src: 'fetchCountryPrefixes',
        onDone: { target: 'open', actions: [{ type: 'storeCountries', params: ({ event }) => event.output }, 'activateSelected'] },
        onError: {
          target: 'failed',
          actions: [
            { type: 'storeError', params: ({ event }) => ({ error: event.error }) },
            { type: 'logError', params: ({ event }) => ({ error: event.error }) },
          ],
        },
      },
      on: { 'picker.close': { target: 'closed', actions: 'returnFocus' } },
    },
    failed: {
      on: {
        'picker.retry': 'loading',
        'picker.close': { target: 'closed', actions: 'returnFocus' },
      },
    },
    open: {
      initial: 'browsing',
      entry: 'focusList',
      on: {
        'picker.move': { target: '.browsing', actions: ['clearQuery', 'move'] },
        'picker.type': { target: '.searching', actions: 'typeAhead' },
        'picker.choose': { guard: 'hasChoice', target: 'closed', actions: ['choose', 'announcePick', 'returnFocus'] },
        'picker.close': { target: 'closed', actions: 'returnFocus' },
        'picker.dismiss': { target: 'closed', actions: 'clearQuery' },
      },
      states: {
        browsing: {},
        /** Letters typed close together search as one word; a pause starts a new search. */
        searching: {
          after: { typeAheadPause: { target: 'browsing', actions: 'clearQuery' } },
        },
      },
    },
  },
});
