// contentSchedules, walked through the real <ScheduledChanges> (Site content's list of scheduled
// changes) along every edge of the production machine's graph: the changes waiting and done
// (published, not published and why, cancelled and by whom), none waiting; Cancel asked, kept,
// done (the list again, saying so), refused (published meanwhile: the list as it now is), failed
// and tried again; a list that could not be loaded; a signed-out answer; staff who may not edit
// (no Cancel).
import { screen, within } from '@testing-library/react';
import { expect, vi } from 'vitest';
import { contentSchedulesMachine } from '../../../src/machines/content-editor/content-schedules.machine.ts';
import { ConsoleApiError } from '../../../src/services/shared/console-api.client.ts';
import { formatConsoleTime } from '../../../src/services/shared/console-time.ts';
import { CONTENT_ERROR, type ScheduledChange, type ScheduleListAnswer } from '../../../src/validation/content-editor/content-editor.protocol.ts';
import { ScheduledChanges } from '../../../src/views/content-editor/scheduled-changes.view.tsx';
import { consolePageProps, TEST_TIME_ZONE } from '../../support/console-page.ts';
import { describeModel, fakePromiseActor, type FakePromiseActor, type StateAssertion } from '../harness/index.ts';
import { SCHEDULED_HERO, SIGNED_OUT, UNREACHABLE } from './content-fixtures.ts';

type Machine = typeof contentSchedulesMachine;

const named = <T extends object>(value: T, name: string): T => Object.defineProperty(value, 'toJSON', { value: () => name, enumerable: false });

const WAITING: ScheduledChange = { ...SCHEDULED_HERO };
const PROJECT: ScheduledChange = { ...WAITING, id: 5, kind: 'project', name: 'projects', title: 'Projects: cards and categories', note: '', publishAt: '2026-12-31T20:00:00.000Z' };
const PUBLISHED: ScheduledChange = { ...WAITING, id: 2, state: 'published', revision: 12, doneAt: '2026-12-01T04:00:00.000Z', publishAt: '2026-12-01T04:00:00.000Z' };
const FAILED: ScheduledChange = { ...WAITING, id: 1, state: 'failed', problem: 'Home: hero was published after this change was scheduled, so it was not published over it.', doneAt: '2026-11-30T04:00:00.000Z', publishAt: '2026-11-30T04:00:00.000Z' };
const CANCELLED: ScheduledChange = { ...WAITING, state: 'cancelled', doneAt: '2026-12-06T09:00:00.000Z', doneBy: 'owner@example.co.za' };

const LIST: ScheduleListAnswer = named({ schedules: [WAITING, PROJECT, PUBLISHED, FAILED] }, 'two waiting, two done');
const AFTER_CANCEL: ScheduleListAnswer = named({ schedules: [PROJECT, CANCELLED, PUBLISHED, FAILED] }, 'the hero cancelled');
const AFTER_PUBLISHED: ScheduleListAnswer = named({ schedules: [PROJECT, { ...WAITING, state: 'published', revision: 14, doneAt: WAITING.publishAt }, PUBLISHED, FAILED] }, 'the hero published meanwhile');
const NOTHING: ScheduleListAnswer = named({ schedules: [] }, 'nothing');
const NOT_WAITING = new ConsoleApiError(CONTENT_ERROR.scheduleNotWaiting, 'This change is published already: it can no longer be cancelled.', 409);

let props = consolePageProps();
const onSessionEnded = vi.fn<() => void>();
const fake = (fakes: Record<string, unknown>, id: string) => fakes[id] as FakePromiseActor<unknown, Record<string, unknown>>;
const button = (name: string | RegExp) => screen.getByRole('button', { name });
const region = () => screen.getByRole('region', { name: 'Scheduled changes' });
const status = () => region().querySelector<HTMLElement>('.content-page__status')!;
const time = (iso: string) => formatConsoleTime(iso, TEST_TIME_ZONE);

const expectList = (schedules: readonly ScheduledChange[], canEdit: boolean) => {
  const waiting = schedules.filter((change) => change.state === 'waiting');
  if (waiting.length === 0) {
    expect(region()).toHaveTextContent('Nothing is waiting.');
    return;
  }
  const [first] = within(region()).getAllByRole('list');
  const items = within(first!).getAllByRole('listitem');
  expect(items).toHaveLength(waiting.length);
  for (const [index, change] of waiting.entries()) {
    expect(items[index]).toHaveTextContent(`goes live ${time(change.publishAt)}`);
    expect(within(items[index]!).queryByRole('button', { name: /^Cancel/ }) !== null).toBe(canEdit);
  }
  if (waiting.includes(WAITING)) expect(within(items[0]!).getByRole('link', { name: 'Home: hero' })).toHaveAttribute('href', '#/content/hero');
  expect(region()).toHaveTextContent(`A new project: goes live ${time(PROJECT.publishAt)}`);
  expect(region()).toHaveTextContent(`Not published (${time(FAILED.doneAt!)}). ${FAILED.problem}`);
  expect(within(region()).getAllByRole('link', { name: 'the revisions of Home: hero' })[0]).toHaveAttribute('href', '#/content/hero/revisions');
};

const states = (canEdit: boolean): Record<string, StateAssertion<Machine>> => ({
  loading: () => {
    expect(within(region()).getByRole('status')).toHaveTextContent('Loading the scheduled changes…');
  },
  reloading: ({ fakes }) => {
    expect(fake(fakes, 'listSchedules').pending).toBeDefined();
  },
  failed: () => {
    expect(within(region()).getByRole('alert')).toHaveTextContent(`The scheduled changes could not be loaded. ${UNREACHABLE.message}`);
  },
  signedOut: () => expect(onSessionEnded).toHaveBeenCalledTimes(1),
  'listed.idle': ({ snapshot }) => {
    expectList(snapshot.context.schedules, canEdit);
    expect(status()).toBeEmptyDOMElement();
  },
  'listed.confirming': ({ snapshot }) => {
    const selected = snapshot.context.selected!;
    const what = selected.kind === 'project' ? 'A new project' : 'Home: hero';
    const group = within(region()).getByRole('group', { name: `Cancel ${what}, to go live ${time(selected.publishAt)}? Nothing of it is published.` });
    expect(within(group).getByRole('button', { name: 'Cancel the change' })).toHaveFocus();
  },
  'listed.cancelling': ({ fakes }) => {
    expect(button('Cancelling…')).toHaveAttribute('aria-disabled', 'true');
    expect(fake(fakes, 'cancelSchedule').pending?.input).toMatchObject({ id: WAITING.id });
  },
  'listed.cancelled': ({ snapshot }) => {
    expectList(snapshot.context.schedules, canEdit);
    expect(status()).toHaveTextContent(`Cancelled: Home: hero, which was to go live ${time(WAITING.publishAt)}.`);
    expect(status()).toHaveFocus();
    expect(region()).toHaveTextContent('Cancelled');
  },
  'listed.refused': ({ snapshot }) => {
    expectList(snapshot.context.schedules, canEdit);
    expect(within(status()).getByRole('alert')).toHaveTextContent(`Not cancelled. ${NOT_WAITING.message}`);
    expect(status()).toHaveFocus();
  },
  'listed.failed': () => {
    expect(within(status()).getByRole('alert')).toHaveTextContent(`Not cancelled. ${UNREACHABLE.message}`);
    expect(within(status()).getByRole('button', { name: 'Try again' })).toBeVisible();
    expect(status()).toHaveFocus();
  },
});

for (const canEdit of [true, false]) {
  describeModel({
    machine: contentSchedulesMachine,
    variant: canEdit ? 'an owner' : 'staff who may not edit',
    input: { api: props.api },
    eventSamples: [
      { type: 'xstate.done.actor.listSchedules', output: LIST },
      { type: 'xstate.done.actor.listSchedules', output: NOTHING },
      { type: 'xstate.done.actor.listSchedules', output: AFTER_CANCEL },
      { type: 'xstate.done.actor.listSchedules', output: AFTER_PUBLISHED },
      ...[UNREACHABLE, SIGNED_OUT].map((error) => ({ type: 'xstate.error.actor.listSchedules' as const, error })),
      { type: 'cancel.start', id: WAITING.id },
      { type: 'cancel.start', id: PROJECT.id },
      { type: 'xstate.done.actor.cancelSchedule', output: CANCELLED },
      ...[UNREACHABLE, NOT_WAITING, SIGNED_OUT].map((error) => ({ type: 'xstate.error.actor.cancelSchedule' as const, error })),
    ],
    fakes: { listSchedules: () => fakePromiseActor(), cancelSchedule: () => fakePromiseActor() },
    serializeState: (snapshot) => JSON.stringify({ value: snapshot.value, schedules: snapshot.context.schedules.map((change) => `${change.id}${change.state}`), selected: snapshot.context.selected?.state ?? null, problem: snapshot.context.problem }),
    filterEvents: (snapshot, event) => {
      if (!snapshot.can(event)) return false;
      const output = (event as { output?: unknown }).output;
      const error = (event as { error?: unknown }).error;
      if (snapshot.matches('loading')) return output === undefined ? snapshot.context.problem === '' : output === LIST || output === NOTHING;
      if (snapshot.matches('reloading')) {
        if (output !== undefined) return output === (snapshot.context.problem === '' ? AFTER_CANCEL : AFTER_PUBLISHED);
        return error === SIGNED_OUT || (error === UNREACHABLE && snapshot.context.problem === '');
      }
      // Only a person who may publish sees Cancel.
      // The project's Cancel once the hero's is gone (after a cancel, or its publishing meanwhile), and the walk ends there.
      if (event.type === 'cancel.start') return canEdit && (event.id === PROJECT.id) === (snapshot.matches({ listed: 'cancelled' }) || snapshot.matches({ listed: 'refused' }));
      if (snapshot.context.selected?.id === PROJECT.id) return false;
      // A cancel's failures from the first attempt.
      if (error !== undefined && snapshot.context.problem !== '') return false;
      return true;
    },
    render: ({ logic, inspect }) => {
      props = consolePageProps(canEdit ? 'owner' : 'staff');
      onSessionEnded.mockClear();
      return <ScheduledChanges api={props.api} timeZone={TEST_TIME_ZONE} canEdit={canEdit} navigate={props.navigate} onSessionEnded={onSessionEnded} logic={logic} inspect={inspect} />;
    },
    events: {
      'schedules.reload': ({ user }) => user.click(button('Try again')),
      'cancel.start': ({ user, event }) => user.click(button('id' in event && event.id === PROJECT.id ? `Cancel A new project, ${time(PROJECT.publishAt)}` : `Cancel Home: hero, ${time(WAITING.publishAt)}`)),
      'cancel.confirm': ({ user }) => user.click(button(/^(Cancel the change|Try again)$/)),
      'cancel.keep': ({ user }) => user.click(button('Keep it')),
    },
    states: states(canEdit),
  });
}
