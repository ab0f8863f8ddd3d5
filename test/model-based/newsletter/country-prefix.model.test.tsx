// countryPrefix, walked through the real <CountryPrefixPicker> along every edge of the production
// machine's graph: the list fetched on first open (loading, failed with retry), the keyboard
// (arrows, Home/End, type-ahead by name, Enter, Escape, Tab away), a click on an option, and the
// focus back on the button. The list's fetch is a controllable fake.
import { expect, vi } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { countryPrefixMachine } from '../../../src/machines/newsletter/country-prefix.machine.ts';
import { COUNTRY_PREFIX_TYPEAHEAD_PAUSE_MS } from '../../../src/machines/newsletter/newsletter.constants.ts';
import { CountryPrefixPicker } from '../../../src/views/newsletter/country-prefix.view.tsx';
import { COUNTRIES } from '../../unit/newsletter/country-prefix-fixture.ts';
import { describeModel, fakePromiseActor, matchesState, type ActorCompletionEvent, type FakePromiseActor, type ModelConfig, type StepExecutor } from '../harness/index.ts';

type Machine = typeof countryPrefixMachine;
type Snapshot = SnapshotFrom<Machine>;
type Event = Parameters<NonNullable<ModelConfig<Machine>['filterEvents']>>[1] | ActorCompletionEvent;

vi.spyOn(console, 'error').mockImplementation(() => {});
const picks: string[] = [];
/** The machine asked for the focus back on the button (Escape, Enter, a click on an option). */
let focusReturned = false;
const START = COUNTRIES.findIndex((country) => country.dialCode === '+27');

const button = () => document.querySelector<HTMLButtonElement>('.country-prefix__button')!;
const listbox = () => document.querySelector<HTMLElement>('[role="listbox"]');
const is = matchesState;

const completions: ActorCompletionEvent[] = [
  { type: 'xstate.done.actor.fetchCountryPrefixes', output: COUNTRIES },
  { type: 'xstate.error.actor.fetchCountryPrefixes', error: new Error('HTTP 500') },
];

const visitorSamples = [
  { type: 'picker.open' },
  { type: 'picker.close' },
  { type: 'picker.dismiss' },
  { type: 'picker.retry' },
  { type: 'picker.move', to: 'next' },
  { type: 'picker.move', to: 'previous' },
  { type: 'picker.move', to: 'first' },
  { type: 'picker.move', to: 'last' },
  { type: 'picker.type', key: 'u' },
  { type: 'picker.type', key: 'n' },
  { type: 'picker.choose' },
  { type: 'picker.choose', index: 1 },
] as const;

/** From the list as it opens: one step, then Enter; a pick ends the path. */
function steps(snapshot: Snapshot, event: Event): boolean {
  if (!snapshot.can(event as never)) return false;
  const { context } = snapshot;
  if (context.countryCode !== null) return false;
  if (is(snapshot, 'loading')) return event.type.startsWith('xstate.') || (event.type === 'picker.close' && context.error === '');
  if (is(snapshot, 'failed')) return true;
  if (is(snapshot, 'closed')) return event.type === 'picker.open';
  const untouched = context.active === START && context.query === '';
  if (is(snapshot, 'open.searching')) {
    if (event.type === 'picker.type') return context.query === 'u' && (event as { key: string }).key === 'n';
    return event.type === 'picker.choose' && !('index' in event) || event.type.startsWith('xstate.after.');
  }
  switch (event.type) {
    case 'picker.type':
      return untouched && (event as { key: string }).key === 'u';
    case 'picker.choose':
      return untouched || !('index' in event);
    case 'picker.move':
    case 'picker.close':
    case 'picker.dismiss':
      return untouched;
    default:
      return false;
  }
}

const serializeState = (snapshot: Snapshot) =>
  JSON.stringify({
    value: snapshot.value,
    loaded: snapshot.context.countries.length > 0,
    active: snapshot.context.active,
    query: snapshot.context.query,
    picked: snapshot.context.countryCode,
    failed: snapshot.context.error !== '',
  });

const KEYS: Record<string, string> = { next: '{ArrowDown}', previous: '{ArrowUp}', first: '{Home}', last: '{End}' };

const events: Record<string, StepExecutor<Machine>> = {
  'picker.open': async ({ user }) => {
    await user.click(button());
  },
  'picker.close': async ({ user }) => {
    await user.keyboard('{Escape}');
  },
  'picker.dismiss': async ({ user }) => {
    await user.tab();
  },
  'picker.retry': async ({ user }) => {
    await user.click(document.querySelector<HTMLButtonElement>('.country-prefix__retry')!);
  },
  'picker.move': async ({ event, user }) => {
    await user.keyboard(KEYS[(event as { to: string }).to]!);
  },
  'picker.type': async ({ event, user }) => {
    await user.keyboard((event as { key: string }).key);
  },
  'picker.choose': async ({ event, user }) => {
    const index = (event as { index?: number }).index;
    if (index === undefined) await user.keyboard('{Enter}');
    else await user.click(document.getElementById(`picker-option-${String(index)}`)!);
  },
};

describeModel({
  machine: countryPrefixMachine,
  input: { dialCode: '+27' },
  eventSamples: [...completions, ...visitorSamples],
  serializeState,
  filterEvents: steps,
  fakes: { fetchCountryPrefixes: () => fakePromiseActor() },
  setup: () => {
    picks.length = 0;
    focusReturned = false;
  },
  render: (props) => (
    <>
      <CountryPrefixPicker
        idBase="picker"
        dialCode="+27"
        label="Country code"
        disabled={false}
        onPick={(dialCode) => picks.push(dialCode)}
        logic={props.logic}
        inspect={(event) => {
          props.inspect(event);
          if (event.type === '@xstate.action' && event.action.type === 'returnFocus') focusReturned = true;
        }}
      />
      <button type="button">Next field</button>
    </>
  ),
  events,
  states: {
    closed: ({ snapshot }) => {
      const { context } = snapshot;
      expect(button()).toHaveAttribute('aria-expanded', 'false');
      expect(listbox()).toBeNull();
      expect(button()).toHaveTextContent(context.dialCode);
      const picked = context.countries.find((country) => country.countryCode === context.countryCode);
      // The pick reaches the form; the button names the country.
      expect(picks).toEqual(picked ? [picked.dialCode] : []);
      if (picked) expect(button()).toHaveAccessibleName(`Country code ${picked.dialCode} (${picked.name}), change`);
      else expect(button()).toHaveAccessibleName('Country code +27, change');
      // Escape and Enter give the focus back to the button; Tab leaves it where it went.
      if (focusReturned && document.activeElement?.textContent !== 'Next field') expect(document.activeElement).toBe(button());
    },
    loading: ({ fakes }) => {
      expect(button()).toHaveAttribute('aria-expanded', 'true');
      expect(document.querySelector('.country-prefix__popup [role="status"]')).toHaveTextContent('Loading the list of countries…');
      expect((fakes.fetchCountryPrefixes as FakePromiseActor).pending).toBeDefined();
    },
    failed: ({ snapshot }) => {
      expect(button()).toHaveAttribute('aria-expanded', 'true');
      expect(document.querySelector('.country-prefix__popup [role="alert"]')).toHaveTextContent(`(${snapshot.context.error})`);
      expect(document.querySelector('.country-prefix__retry')).toHaveTextContent('Try again');
      expect(listbox()).toBeNull();
    },
    open: ({ snapshot }) => {
      const { context } = snapshot;
      const list = listbox()!;
      expect(button()).toHaveAttribute('aria-expanded', 'true');
      expect(button()).toHaveAttribute('aria-controls', list.id);
      expect(document.activeElement).toBe(list);
      const options = [...list.querySelectorAll('[role="option"]')];
      expect(options.map((option) => option.textContent)).toEqual(COUNTRIES.map((country) => `${country.flag}${country.name}${country.dialCode}`));
      expect(list).toHaveAttribute('aria-activedescendant', `picker-option-${String(context.active)}`);
      expect(options[context.active]).toHaveClass('is-active');
      expect(list.querySelectorAll('.is-active')).toHaveLength(1);
    },
    'open.browsing': ({ snapshot }) => {
      expect(snapshot.context.query).toBe('');
    },
    'open.searching': ({ snapshot }) => {
      // Type-ahead: the active option is the first country after the last one whose name starts with the letters.
      const active = COUNTRIES[snapshot.context.active]!;
      expect(active.name.toLowerCase().startsWith(snapshot.context.query)).toBe(true);
      expect(COUNTRY_PREFIX_TYPEAHEAD_PAUSE_MS).toBe(500);
    },
  },
});
