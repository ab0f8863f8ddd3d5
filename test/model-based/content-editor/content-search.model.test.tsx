// contentSearch, walked through the real <ContentSearchPage> along every edge of the production
// machine's graph: a search with nothing written (the error beside the field), the places found
// (by document, each field a link to the editor at it, the text around it), nothing found, a
// failed search, a signed-out answer; "replace in all" with the same text (the error beside the
// replace field), the preview (every change, the note, confirm or cancel), replaced, a conflict
// (search again), a replacement refused with each field named, a failed request; a staff member
// who may not edit (no replace form); the address's text changed (back, a link).
import { screen, within } from '@testing-library/react';
import { useState } from 'react';
import { expect } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { contentSearchMachine } from '../../../src/machines/content-editor/content-search.machine.ts';
import { ConsoleApiError } from '../../../src/services/shared/console-api.client.ts';
import { CONTENT_ERROR, type ReplaceAnswer, type SearchAnswer } from '../../../src/validation/content-editor/content-editor.protocol.ts';
import { ContentSearchPage, SAME_TEXT, TEXT_MISSING } from '../../../src/views/content-editor/content-search-page.view.tsx';
import { READ_ONLY_TEXT } from '../../../src/views/content-editor/content-documents-page.view.tsx';
import { consolePageProps, TEST_TIME_ZONE } from '../../support/console-page.ts';
import { formatConsoleTime } from '../../../src/services/shared/console-time.ts';
import { describeModel, fakePromiseActor, type FakePromiseActor, type StateAssertion } from '../harness/index.ts';
import { SIGNED_OUT, UNREACHABLE } from './content-fixtures.ts';

type Machine = typeof contentSearchMachine;
type Snapshot = SnapshotFrom<Machine>;

const OLD_PHONE = '+27 11 568 4100';
const NEW_PHONE = '+27 10 020 7700';
const NOTE = 'New switchboard number';

/** Short in a test's name: the model names each path by its events' JSON. */
const named = <T extends object>(value: T, name: string): T => Object.defineProperty(value, 'toJSON', { value: () => name, enumerable: false });

const FOUND: SearchAnswer = named(
  {
    text: OLD_PHONE,
    count: 4,
    canEdit: true,
    documents: [
      {
        name: 'company',
        title: 'Company and offices',
        revision: 3,
        places: [
          { path: 'phone', before: '', match: OLD_PHONE, after: '' },
          { path: 'offices[0].phone', before: '', match: OLD_PHONE, after: '' },
        ],
      },
      {
        name: 'contactForm',
        title: 'Contact form',
        revision: 0,
        places: [
          { path: 'fields[3].hint', before: 'For example, 082 123 4567 or ', match: OLD_PHONE, after: '.' },
          { path: 'fields[3].error', before: 'Enter a phone number, like 082 123 4567 or ', match: OLD_PHONE, after: '' },
        ],
      },
    ],
    drafts: [{ id: 7, name: 'company', title: 'Company and offices', publishAt: '2026-12-24T04:00:00.000Z', places: [{ path: 'supportPhone', before: '', match: OLD_PHONE, after: '' }] }],
  },
  'four places in two documents',
);
const FOUND_READ_ONLY: SearchAnswer = named({ ...FOUND, canEdit: false }, 'four places, read only');
const NOTHING: SearchAnswer = named({ text: OLD_PHONE, count: 0, canEdit: true, documents: [], drafts: [] }, 'nowhere');
const REPLACED: ReplaceAnswer = {
  publishedAt: '2026-12-06T08:00:00.000Z',
  published: [
    { name: 'company', title: 'Company and offices', revision: 11, number: 2, count: 2 },
    { name: 'contactForm', title: 'Contact form', revision: 12, number: 1, count: 2 },
  ],
};
const CONFLICT = new ConsoleApiError(CONTENT_ERROR.conflict, 'Company and offices was published since the search (now revision 2); search again to see what would change.', 409, undefined, {
  current: { name: 'company', title: 'Company and offices', group: 'company', revision: 9, number: 2, publishedAt: '2026-12-06T07:00:00.000Z', publishedBy: { id: 3, name: 'Sipho Dlamini' } },
});
const REFUSED = new ConsoleApiError(CONTENT_ERROR.replaceInvalid, 'With the replacement, some fields would not be valid; nothing was changed.', 400, undefined, {
  places: [{ name: 'company', path: 'offices[0].phone', message: 'Up to 40 characters.' }],
});

let props = consolePageProps();
const fake = (fakes: Record<string, unknown>, id: string) => fakes[id] as FakePromiseActor<unknown, Record<string, unknown>>;
const button = (name: string | RegExp) => screen.getByRole('button', { name });
const findField = () => screen.getByRole('textbox', { name: 'Find' });
const replaceField = () => screen.getByRole('textbox', { name: /^Replace “.*” with$/ });
const status = () => document.querySelector<HTMLElement>('.content-page__status')!;

/** Every place found, each under its document, its field a link to the editor at it. */
const expectPlaces = (previewed: string | null) => {
  const company = screen.getByRole('region', { name: 'Company and offices (2 places)' });
  const links = within(company).getAllByRole('link');
  expect(links.map((link) => link.textContent)).toEqual(['Edit Company and offices: Phone', 'Edit Company and offices: Offices › item 1 › Phone']);
  expect(links[1]).toHaveAttribute('href', '#/content/company?field=offices%5B0%5D.phone');
  const form = screen.getByRole('region', { name: 'Contact form (2 places)' });
  const first = within(form).getAllByRole('listitem')[0]!;
  if (previewed === null) expect(first.querySelector('mark')).toHaveTextContent(OLD_PHONE);
  else {
    expect(first.querySelector('del')).toHaveTextContent(`was ${OLD_PHONE}`);
    expect(first.querySelector('ins')).toHaveTextContent(`becomes ${previewed}`);
  }
  expect(first).toHaveTextContent(/For example, 082 123 4567 or /);
};

/** The status took the focus when it spoke; the find field has it once the owner types again. */
const expectStatusFocused = () => expect([status(), findField()]).toContain(document.activeElement);

/** The replacement as the page says it: an empty one is "nothing". */
const said = (replacement: string) => (replacement === '' ? 'nothing' : `“${replacement}”`);

const expectFoundStatus = () => expect(status()).toHaveTextContent(`“${OLD_PHONE}” is in 4 places in 2 documents.`);
/** The scheduled draft that has it: listed under "Not live yet", never replaced. */
const expectDraft = () => {
  const drafts = screen.getByRole('region', { name: 'Not live yet: scheduled changes (1)' });
  expect(within(drafts).getByRole('heading', { level: 3 })).toHaveTextContent(`Company and offices, to go live ${formatConsoleTime('2026-12-24T04:00:00.000Z', TEST_TIME_ZONE)} (1 place)`);
  expect(drafts.querySelector('mark')).toHaveTextContent(OLD_PHONE);
};

const states: Record<string, StateAssertion<Machine>> = {
  idle: () => {
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Find and replace');
    expect(screen.getByRole('search', { name: "The site's content" })).toBeVisible();
    expect(status()).toBeEmptyDOMElement();
  },
  textMissing: () => {
    expect(findField()).toHaveAccessibleDescription(expect.stringContaining(TEXT_MISSING));
    expect(findField()).toHaveFocus();
  },
  searching: ({ snapshot, fakes }) => {
    expect(screen.getByRole('status')).toHaveTextContent('Searching…');
    expect(fake(fakes, 'searchContent').pending?.input).toMatchObject({ text: snapshot.context.text });
  },
  failed: () => {
    expect(screen.getByRole('alert')).toHaveTextContent(`The search did not work. ${UNREACHABLE.message}`);
    expectStatusFocused();
  },
  signedOut: () => {
    expect(props.onSessionEnded).toHaveBeenCalledTimes(1);
  },
  nothingFound: () => {
    expect(status()).toHaveTextContent(`“${OLD_PHONE}” is not in any live document.`);
    expect(screen.queryByRole('region', { name: /^Not live yet/ })).toBeNull();
    expectStatusFocused();
    expect(props.navigate).toHaveBeenLastCalledWith('#/content/search?text=%2B27+11+568+4100');
  },
  replaced: ({ snapshot }) => {
    expect(status()).toHaveTextContent(`Replaced “${OLD_PHONE}” with ${said(snapshot.context.replacement)} in 4 places, live on the site within seconds: Company and offices (revision 2), Contact form (revision 1).`);
    expect(status()).toHaveFocus();
    expect(button(`Search again for “${OLD_PHONE}”`)).toBeVisible();
  },
  'found.listed': ({ snapshot }) => {
    expectFoundStatus();
    expectPlaces(null);
    expectDraft();
    if (snapshot.context.found?.canEdit) {
      expect(replaceField()).toBeVisible();
      expect(button('Preview the changes')).toBeVisible();
    } else {
      expect(screen.queryByRole('textbox', { name: /^Replace/ })).toBeNull();
      expect(screen.getByRole('note')).toHaveTextContent(READ_ONLY_TEXT);
    }
    expect(props.navigate).toHaveBeenLastCalledWith('#/content/search?text=%2B27+11+568+4100');
  },
  'found.sameText': () => {
    expect(replaceField()).toHaveAccessibleDescription(expect.stringContaining(SAME_TEXT));
    expect(replaceField()).toHaveFocus();
  },
  'found.previewing': ({ snapshot }) => {
    const preview = screen.getByRole('region', { name: `Replace “${OLD_PHONE}” with ${said(snapshot.context.replacement)} in 4 places?` });
    expect(preview).toHaveTextContent('The scheduled change listed last is not changed.');
    expectDraft();
    // The preview takes the focus; the note's field may have it since.
    expect(preview.contains(document.activeElement)).toBe(true);
    expect(within(preview).getByRole('textbox', { name: 'What changed (optional)' })).toHaveValue(snapshot.context.note);
    expect(within(preview).getByRole('button', { name: 'Replace in 4 places' })).toBeVisible();
    expectPlaces(snapshot.context.replacement);
  },
  'found.replacing': ({ snapshot, fakes }) => {
    expect(button('Replacing…')).toHaveAttribute('aria-disabled', 'true');
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
    expect(fake(fakes, 'replaceContent').pending?.input).toMatchObject({
      text: OLD_PHONE,
      replacement: snapshot.context.replacement,
      note: snapshot.context.note,
      documents: [
        { name: 'company', revision: 3 },
        { name: 'contactForm', revision: 0 },
      ],
    });
  },
  'found.conflict': () => {
    expect(screen.getByRole('alert')).toHaveTextContent(`Nothing was changed. ${CONFLICT.message}`);
    expect(button('Search again')).toBeVisible();
    expect(status()).toHaveFocus();
  },
  'found.refused': ({ snapshot }) => {
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(`Nothing was changed: with ${said(snapshot.context.replacement)}, these fields would not be valid.`);
    expect(within(alert).getByRole('link', { name: 'Company and offices, Offices › item 1 › Phone' })).toHaveAttribute('href', '#/content/company?field=offices%5B0%5D.phone');
    expect(alert).toHaveTextContent('Up to 40 characters.');
    expect(status()).toHaveFocus();
  },
  'found.failed': () => {
    expect(screen.getByRole('alert')).toHaveTextContent(`The replacement did not work; nothing is known to have changed. ${UNREACHABLE.message}`);
    expect(button('Try again')).toBeVisible();
    expect(status()).toHaveFocus();
  },
};

/** The page inside a stand-in of the shell whose address can change (back, a link). */
function AtAddress({ logic, inspect }: { logic: Machine; inspect: Parameters<typeof ContentSearchPage>[0]['inspect'] }) {
  const [query, setQuery] = useState(initialQuery);
  return (
    <>
      <button type="button" onClick={() => setQuery(`text=${encodeURIComponent(OLD_PHONE)}`)}>
        Follow a link to the search
      </button>
      <ContentSearchPage {...props} query={query} logic={logic} inspect={inspect} />
    </>
  );
}
let initialQuery = '';

/** A typing event's text. */
const valueOf = (event: object): string => ('value' in event ? String(event.value) : '');

const replacementKind = (value: string) => (value === '' ? 'empty' : value === OLD_PHONE ? 'same' : 'new');

for (const opened of ['', `text=${encodeURIComponent(OLD_PHONE)}`]) {
  describeModel({
    machine: contentSearchMachine,
    variant: opened === '' ? 'opened without a search' : 'opened at a search',
    input: { api: props.api, text: opened === '' ? '' : OLD_PHONE },
    eventSamples: [
      { type: 'text.change', value: '' },
      { type: 'text.change', value: OLD_PHONE },
      { type: 'replacement.change', value: NEW_PHONE },
      { type: 'replacement.change', value: OLD_PHONE },
      { type: 'note.change', value: NOTE },
      { type: 'search.address', text: OLD_PHONE },
      { type: 'xstate.done.actor.searchContent', output: FOUND },
      { type: 'xstate.done.actor.searchContent', output: FOUND_READ_ONLY },
      { type: 'xstate.done.actor.searchContent', output: NOTHING },
      ...[UNREACHABLE, SIGNED_OUT].map((error) => ({ type: 'xstate.error.actor.searchContent' as const, error })),
      { type: 'xstate.done.actor.replaceContent', output: REPLACED },
      ...[UNREACHABLE, SIGNED_OUT, CONFLICT, REFUSED].map((error) => ({ type: 'xstate.error.actor.replaceContent' as const, error })),
    ],
    fakes: { searchContent: () => fakePromiseActor(), replaceContent: () => fakePromiseActor() },
    serializeState: (snapshot: Snapshot) => {
      const { text, replacement, note, found, replaced, problem } = snapshot.context;
      return JSON.stringify({ value: snapshot.value, text: text !== '', replacement: replacementKind(replacement), note: note !== '', found: found === null ? null : [found.count, found.canEdit], replaced: replaced !== null, problem: problem !== '' });
    },
    filterEvents: (snapshot, event) => {
      if (!snapshot.can(event)) return false;
      const { context } = snapshot;
      const value = 'value' in event ? event.value : null;
      // Typing: the find field emptied where a search is listed or after "Search" with nothing, and filled where nothing is.
      if (event.type === 'text.change') {
        const emptied = snapshot.matches('idle') || snapshot.matches('failed') || snapshot.matches('nothingFound') || snapshot.matches({ found: 'listed' });
        return value === '' ? context.text !== '' && emptied : context.text === '' && (snapshot.matches('idle') || snapshot.matches('textMissing'));
      }
      // The replace form is not there for a person who may not publish.
      if (event.type === 'replace.preview' && context.found?.canEdit !== true) return false;
      // The replace field is there for a person who may publish; a changed preview goes back to the list.
      if (event.type === 'replacement.change') {
        if (value === context.replacement || context.found?.canEdit !== true) return false;
        return snapshot.matches({ found: 'listed' }) || snapshot.matches({ found: 'sameText' }) || (snapshot.matches({ found: 'previewing' }) && value === OLD_PHONE) || snapshot.matches({ found: 'refused' });
      }
      if (event.type === 'note.change') return context.note === '' && snapshot.matches({ found: 'previewing' });
      if (event.type === 'search.address') return snapshot.matches('idle') && context.text === '';
      // After a replacement: search again finds nothing left.
      if (context.replaced !== null) return !event.type.startsWith('xstate.done.actor.searchContent') || (event as { output?: unknown }).output === NOTHING;
      // A read-only answer, a failure or nothing found: the first search only.
      if (String(event.type) === 'xstate.done.actor.searchContent') return (event as { output?: unknown }).output === FOUND || context.found === null;
      if (event.type.startsWith('xstate.error.actor.searchContent')) return context.found === null && context.problem === '';
      return true;
    },
    setup: () => {
      initialQuery = opened;
    },
    render: ({ logic, inspect }) => {
      props = consolePageProps();
      return <AtAddress logic={logic} inspect={inspect} />;
    },
    events: {
      'text.change': async ({ user, event }) => {
        await user.clear(findField());
        if (valueOf(event) !== '') {
          await user.click(findField());
          await user.paste(valueOf(event));
        }
      },
      'replacement.change': async ({ user, event }) => {
        const field = replaceField();
        await user.tripleClick(field);
        if (valueOf(event) === '') await user.clear(field);
        else await user.paste(valueOf(event));
      },
      'note.change': async ({ user }) => {
        await user.click(screen.getByRole('textbox', { name: 'What changed (optional)' }));
        await user.paste(NOTE);
      },
      'search.address': ({ user }) => user.click(button('Follow a link to the search')),
      'search.submit': ({ user }) => user.click(button('Search')),
      'search.again': ({ user }) => user.click(button(/^Search again/)),
      'replace.preview': ({ user }) => user.click(button('Preview the changes')),
      'replace.confirm': ({ user }) => user.click(button(/^(Replace in 4 places|Try again)$/)),
      'replace.cancel': ({ user }) => user.click(button('Cancel')),
    },
    states,
  });
}

