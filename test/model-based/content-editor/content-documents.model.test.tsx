// contentDocuments, walked through the real <ContentDocumentsPage> along every edge of the
// production machine's graph: the documents by group with their live revision and links, for a
// person who may edit and one who may only read; a list that could not be loaded and is asked
// for again; a signed-out answer.
import { screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import { contentDocumentsMachine } from '../../../src/machines/content-editor/content-documents.machine.ts';
import { contentSchedulesMachine } from '../../../src/machines/content-editor/content-schedules.machine.ts';
import type { ScheduleListAnswer } from '../../../src/validation/content-editor/content-editor.protocol.ts';
import { fromPromise } from 'xstate';
import type { ConsoleApi } from '../../../src/services/shared/console-api.client.ts';
import { formatConsoleTime } from '../../../src/services/shared/console-time.ts';
import { GROUP_TITLES, ContentDocumentsPage, READ_ONLY_TEXT } from '../../../src/views/content-editor/content-documents-page.view.tsx';
import { consolePageProps, TEST_TIME_ZONE } from '../../support/console-page.ts';
import { describeModel, fakePromiseActor } from '../harness/index.ts';
import { DOCUMENTS, SIGNED_OUT, UNREACHABLE } from './content-fixtures.ts';
import { REPOSITORY_REVISION } from '../../../src/views/content-editor/content-texts.tsx';

let props = consolePageProps();
const SCHEDULES_NEVER_ANSWERED = contentSchedulesMachine.provide({ actors: { listSchedules: fromPromise<ScheduleListAnswer, { api: ConsoleApi }>(() => new Promise(() => undefined)) } });
const READ_ONLY = { ...DOCUMENTS, canEdit: false };

describeModel({
  machine: contentDocumentsMachine,
  input: { api: props.api },
  eventSamples: [
    { type: 'xstate.done.actor.listDocuments', output: DOCUMENTS },
    { type: 'xstate.done.actor.listDocuments', output: READ_ONLY },
    { type: 'xstate.error.actor.listDocuments', error: UNREACHABLE },
    { type: 'xstate.error.actor.listDocuments', error: SIGNED_OUT },
  ],
  fakes: { listDocuments: () => fakePromiseActor() },
  serializeState: (snapshot) => JSON.stringify({ value: snapshot.value, canEdit: snapshot.context.list?.canEdit, problem: snapshot.context.problem !== '' }),
  render: ({ logic, inspect }) => {
    props = consolePageProps('staff');
    // The scheduled changes have their own machine and model test (content-schedules.model.test.tsx).
    return <ContentDocumentsPage {...props} logic={logic} schedulesLogic={SCHEDULES_NEVER_ANSWERED} inspect={inspect} />;
  },
  events: { 'documents.reload': ({ user }) => user.click(screen.getByRole('button', { name: 'Try again' })) },
  states: {
    loading: () => {
      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Site content');
      expect(screen.getByRole('status')).toHaveTextContent('Loading the documents…');
    },
    shown: ({ snapshot }) => {
      const list = snapshot.context.list!;
      const home = screen.getByRole('region', { name: GROUP_TITLES.home });
      expect(within(home).getByRole('link', { name: 'Home: hero' })).toHaveAttribute('href', '#/content/hero');
      expect(within(home).getByRole('link', { name: 'Revisions of Home: hero' })).toHaveAttribute('href', '#/content/hero/revisions');
      expect(home).toHaveTextContent(`Revision 3, published ${formatConsoleTime('2026-03-02T07:30:00.000Z', TEST_TIME_ZONE)} by Thandi Nkosi`);
      expect(home).toHaveTextContent(REPOSITORY_REVISION);
      expect(screen.getByRole('region', { name: GROUP_TITLES.company })).toHaveTextContent('Revision 1, published');
      expect(screen.queryByRole('region', { name: GROUP_TITLES.forms })).toBeNull();
      expect(screen.getByRole('region', { name: 'Scheduled changes' })).toHaveTextContent('Loading the scheduled changes…');
      if (list.canEdit) expect(screen.queryByText(READ_ONLY_TEXT)).toBeNull();
      else expect(screen.getByRole('note')).toHaveTextContent(READ_ONLY_TEXT);
    },
    failed: () => {
      expect(screen.getByRole('alert')).toHaveTextContent(`The documents could not be loaded. ${UNREACHABLE.message}`);
    },
    signedOut: () => expect(props.onSessionEnded).toHaveBeenCalledTimes(1),
  },
});
