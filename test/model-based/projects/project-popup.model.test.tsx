// projectPopup, walked through the real projects grid and popup along every edge of the
// production machine's graph: a card's link opens its project, its content loads (or fails),
// Escape or the close button, Back and Forward, and the browser's move back after a close. The
// modal <dialog>, the page's HTTP request and the history's popstate are the actors'
// (`modalDialog`, `projectDetail`, `projectHistory`); stand-ins report here as they do, and the
// real ones run in Chromium (test/e2e/projects.e2e.test.ts).
import { screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { projects } from '../../support/site-content.ts';
import { projectPopupMachine } from '../../../src/machines/projects/project-popup.machine.ts';
import { ProjectGrid } from '../../../src/views/projects/project-grid.view.tsx';
import { PROJECT_POPUP_ID, ProjectPopup } from '../../../src/views/projects/project-popup.view.tsx';
import { stubMatchMedia } from '../../support/stub-match-media.ts';
import { describeModel, fakeCallbackActor, fakePromiseActor, sendBackFrom, type FakeCallbackActor, type FakePromiseActor, type StepExecutor } from '../harness/index.ts';

type Snapshot = SnapshotFrom<typeof projectPopupMachine>;

stubMatchMedia();
const project = projects.items[0]!;
const detail = `<h1 id="project-title">${project.name}</h1><p>The story, from the project's page.</p>`;
const { popup } = projects;

const callback = (fakes: Record<string, unknown>, src: string) => fakes[src] as FakeCallbackActor;
const loader = (fakes: Record<string, unknown>) => fakes.projectDetail as FakePromiseActor<string, { slug: string }>;
const cardLink = () => screen.getByRole('link', { name: project.name });
const dialog = () => document.getElementById(PROJECT_POPUP_ID)!;
const sendFrom = sendBackFrom;

/** What the dialog holds besides its close button. */
function expectDialog(shows: 'nothing' | 'loading' | 'loaded' | 'failed') {
  const inside = within(dialog());
  expect(inside.getByRole('button', { name: popup.close, hidden: true })).toBeInTheDocument();
  expect(inside.queryByText(popup.loading)).toBe(shows === 'loading' ? inside.getByRole('status', { hidden: true }) : null);
  expect(dialog()).toHaveAttribute('aria-busy', String(shows === 'loading'));
  expect(inside.queryByText(popup.error)?.closest('[role="alert"]') ?? null).toBe(shows === 'failed' ? inside.getByRole('alert', { hidden: true }) : null);
  expect(inside.queryByText("The story, from the project's page.") !== null).toBe(shows === 'loaded');
  const pageLink = inside.queryByRole('link', { name: popup.openPage, hidden: true });
  if (shows === 'loaded' || shows === 'failed') expect(pageLink).toHaveAttribute('href', `/projects/${project.id}/`);
  else expect(pageLink).toBeNull();
}

function expectOpen(snapshot: Snapshot, fakes: Record<string, unknown>) {
  expect(snapshot.context.slug).toBe(project.id);
  expect(callback(fakes, 'modalDialog').running?.input).toEqual({ dialogId: PROJECT_POPUP_ID });
  expect(dialog()).toHaveAttribute('aria-label', project.name);
}

/** Closed: the focus is back on the card's link, once the popup was opened at all. */
const closedWithFocusBack: StepExecutor = async (step) => {
  const wasOpen = !step.from.matches('closed');
  await sendFrom('projectHistory')(step);
  if (wasOpen && step.to.matches('closed')) expect(document.activeElement).toBe(cardLink());
};

describeModel({
  machine: projectPopupMachine,
  input: { dialogId: PROJECT_POPUP_ID },
  eventSamples: [
    { type: 'project.open', slug: project.id },
    { type: 'history.moved', slug: null },
    { type: 'history.moved', slug: project.id },
    { type: 'xstate.done.actor.projectDetail', output: detail },
    { type: 'xstate.error.actor.projectDetail', error: new Error('Request failed with status code 503') },
  ],
  fakes: {
    modalDialog: () => fakeCallbackActor(),
    projectDetail: () => fakePromiseActor(),
    projectHistory: () => fakeCallbackActor(),
  },
  setup: () => {
    window.history.replaceState(null, '', '/');
  },
  render: (harness) => <ProjectPopup {...harness}>{(openProject) => <ProjectGrid onProjectLink={openProject} />}</ProjectPopup>,
  events: {
    'project.open': async ({ user }) => {
      cardLink().focus();
      await user.click(cardLink());
      // The address is the project's page, a new entry of the history.
      expect(window.location.pathname).toBe(`/projects/${project.id}/`);
      // As showModal() does: the focus moves into the dialog (it must come back on closing).
      within(dialog()).getByRole('button', { name: popup.close, hidden: true }).focus();
    },
    'dialog.closed': sendFrom('modalDialog'),
    'history.moved': closedWithFocusBack,
    'xstate.after.POPUP_LEAVE_TIMEOUT_MS': async ({ advanceToDelay }) => {
      await advanceToDelay();
      expect(document.activeElement).toBe(cardLink());
    },
  },
  states: {
    closed: ({ fakes }) => {
      expect(callback(fakes, 'modalDialog').running).toBeUndefined();
      expect(loader(fakes).pending).toBeUndefined();
      expectDialog('nothing');
      expect(cardLink()).toHaveAttribute('href', `/projects/${project.id}/`);
    },
    'open.loading': ({ snapshot, fakes }: { snapshot: Snapshot; fakes: Record<string, unknown> }) => {
      expectOpen(snapshot, fakes);
      expect(loader(fakes).pending?.input).toEqual({ slug: project.id });
      expectDialog('loading');
    },
    'open.loaded': ({ snapshot, fakes }: { snapshot: Snapshot; fakes: Record<string, unknown> }) => {
      expectOpen(snapshot, fakes);
      expectDialog('loaded');
    },
    'open.failed': ({ snapshot, fakes }: { snapshot: Snapshot; fakes: Record<string, unknown> }) => {
      expectOpen(snapshot, fakes);
      expectDialog('failed');
    },
    // Closed by the visitor: the dialog is shut while the browser goes back a step.
    leaving: ({ fakes }) => {
      expect(callback(fakes, 'modalDialog').running).toBeUndefined();
      expectDialog('nothing');
    },
  },
});
