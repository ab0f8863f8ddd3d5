// The content editor's pages pass axe-core's WCAG 2.2 A and AA rules in jsdom (contrast and the
// 375 / 1280 px layouts need a layout engine: the browser tests measure those): the documents
// (read-only), the hero's form with a refused publish's summary, its preview, the revisions
// with a comparison, the Add project form, the scheduled changes, and find and replace (its places, errors, preview, a refusal).
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { addProjectMachine } from '../../../src/machines/content-editor/add-project.machine.ts';
import { contentDocumentsMachine } from '../../../src/machines/content-editor/content-documents.machine.ts';
import { contentEditorMachine } from '../../../src/machines/content-editor/content-editor.machine.ts';
import { contentRevisionsMachine } from '../../../src/machines/content-editor/content-revisions.machine.ts';
import { contentSearchMachine } from '../../../src/machines/content-editor/content-search.machine.ts';
import { ContentSearchPage } from '../../../src/views/content-editor/content-search-page.view.tsx';
import { contentSchedulesMachine } from '../../../src/machines/content-editor/content-schedules.machine.ts';
import { ConsoleApiError } from '../../../src/services/shared/console-api.client.ts';
import { AddProjectPage } from '../../../src/views/content-editor/add-project-page.view.tsx';
import { ContentDocumentsPage } from '../../../src/views/content-editor/content-documents-page.view.tsx';
import { ContentEditorPage } from '../../../src/views/content-editor/content-editor-page.view.tsx';
import { BuiltPictureChoice } from '../../support/picture-choice.tsx';
import { ContentRevisionsPage } from '../../../src/views/content-editor/content-revisions-page.view.tsx';
import { CONTENT_ERROR, type DocumentAnswer, type DocumentListAnswer, type ReplaceAnswer, type ScheduledChange, type ScheduleListAnswer, type SearchAnswer } from '../../../src/validation/content-editor/content-editor.protocol.ts';
import { consolePageProps } from '../../support/console-page.ts';
import { content, DOCUMENTS, HERO, REVISIONS, SCHEDULED_HERO } from '../../model-based/content-editor/content-fixtures.ts';

const SCHEDULED_CHANGE: ScheduledChange = { ...SCHEDULED_HERO };

async function expectNoViolations(container: HTMLElement) {
  const result = await axe.run(container, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
    rules: { 'color-contrast': { enabled: false } },
    // The preview's frame is the site's own page, checked by the site's tests.
    iframes: false,
  });
  expect(result.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
}

it('the documents, read-only', async () => {
  const logic = contentDocumentsMachine.provide({ actors: { listDocuments: fromPromise(async (): Promise<DocumentListAnswer> => ({ ...DOCUMENTS, canEdit: false })) } });
  const schedulesLogic = contentSchedulesMachine.provide({ actors: { listSchedules: fromPromise(async (): Promise<ScheduleListAnswer> => ({ schedules: [SCHEDULED_CHANGE, { ...SCHEDULED_CHANGE, id: 2, state: 'failed', problem: 'Home: hero was published after this change was scheduled.', doneAt: '2026-12-24T04:00:00.000Z' }] })) } });
  const { container } = render(<ContentDocumentsPage {...consolePageProps('staff')} logic={logic} schedulesLogic={schedulesLogic} />);
  await screen.findByRole('note');
  await screen.findByText(/^Not published/);
  await expectNoViolations(container);
});

it('the hero’s form, a refused publish and the preview', async () => {
  const logic = contentEditorMachine.provide({
    actors: {
      fetchDocument: fromPromise(async () => HERO),
      previewDocument: fromPromise(async () => ({ url: 'http://localhost/admin/api/content/previews/p1', paths: ['/', '/thank-you/'] })),
    },
  });
  const user = userEvent.setup();
  const { container } = render(<ContentEditorPage {...consolePageProps()} documentName="hero" PictureChoice={BuiltPictureChoice} logic={logic} />);
  const [heading] = await screen.findAllByRole('textbox', { name: 'Heading' });
  await expectNoViolations(container);
  await user.clear(heading!);
  await user.click(screen.getByRole('button', { name: 'Publish' }));
  await waitFor(() => expect(heading).toHaveAttribute('aria-invalid', 'true'));
  await expectNoViolations(container);
  await user.type(heading!, 'A new heading');
  await user.click(screen.getByRole('button', { name: 'Preview' }));
  await screen.findByTitle(/^Preview of \/, 1280 px wide$/);
  await expectNoViolations(container);
  // Three axe runs over a form of some 60 fields.
}, 60_000);

it('the revisions and a comparison', async () => {
  const logic = contentRevisionsMachine.provide({
    actors: {
      fetchRevisions: fromPromise(async () => REVISIONS),
      fetchRevisionPair: fromPromise(async (): Promise<{ revision: DocumentAnswer; previous: DocumentAnswer | null }> => ({ revision: HERO, previous: { ...HERO, revision: 4, document: { ...content.hero, heading: 'Old' } } })),
    },
  });
  const user = userEvent.setup();
  const { container } = render(<ContentRevisionsPage {...consolePageProps()} documentName="hero" logic={logic} />);
  await user.click(await screen.findByRole('button', { name: 'Compare with the previous (revision 3)' }));
  await screen.findByRole('table');
  await expectNoViolations(container);
});

it('Add a project: the empty form, and refused with every problem beside its field', async () => {
  const logic = addProjectMachine.provide({
    actors: {
      fetchProjectsNow: fromPromise(async () => ({ projects: content.projects, projectPages: content.projectPages })),
      addProject: fromPromise(async () => ({ revision: 12, publishedAt: '2026-03-02T08:00:00.000Z', path: '/projects/harbour-lights/' })),
    },
  });
  const user = userEvent.setup();
  const { container } = render(<AddProjectPage {...consolePageProps()} PictureChoice={BuiltPictureChoice} logic={logic} />);
  const [name] = await screen.findAllByRole('textbox', { name: 'Name' });
  // The grid's categories by their labels.
  expect(screen.getByRole('option', { name: content.projects.categories[0]!.label })).toHaveValue(content.projects.categories[0]!.id);
  await expectNoViolations(container);
  await user.click(screen.getByRole('button', { name: 'Add the project' }));
  await waitFor(() => expect(name).toHaveAttribute('aria-invalid', 'true'));
  await expectNoViolations(container);
}, 60_000);

it('find and replace: the places found, the preview of the changes, a refusal', async () => {
  const found: SearchAnswer = {
    text: 'Midrand',
    count: 2,
    canEdit: true,
    drafts: [{ id: 3, name: 'company', title: 'Company and offices', publishAt: '2026-12-24T04:00:00.000Z', places: [{ path: 'offices[0].name', before: 'Head office, ', match: 'Midrand', after: '' }] }],
    documents: [{ name: 'company', title: 'Company and offices', revision: 3, places: [
      { path: 'offices[0].name', before: 'Head office and factory, ', match: 'Midrand', after: '' },
      { path: 'offices[0].address.city', before: '', match: 'Midrand', after: '' },
    ] }],
  };
  const logic = contentSearchMachine.provide({
    actors: {
      searchContent: fromPromise(async () => found),
      replaceContent: fromPromise(async (): Promise<ReplaceAnswer> => {
        throw new ConsoleApiError(CONTENT_ERROR.replaceInvalid, 'Not valid.', 400, undefined, { places: [{ name: 'company', path: 'offices[0].name', message: 'Write something here.' }] });
      }),
    },
  });
  const user = userEvent.setup();
  const { container } = render(<ContentSearchPage {...consolePageProps()} query="text=Midrand" logic={logic} />);
  await screen.findByRole('region', { name: 'Company and offices (2 places)' });
  await expectNoViolations(container);
  await user.type(screen.getByRole('textbox', { name: /^Replace/ }), 'Halfway House');
  await user.click(screen.getByRole('button', { name: 'Preview the changes' }));
  await screen.findByRole('region', { name: /^Replace “Midrand” with “Halfway House”/ });
  await expectNoViolations(container);
  await user.click(screen.getByRole('button', { name: 'Replace in 2 places' }));
  await screen.findByRole('link', { name: 'Company and offices, Offices › item 1 › Name' });
  await expectNoViolations(container);
  await user.clear(screen.getByRole('textbox', { name: 'Find' }));
  await user.click(screen.getByRole('button', { name: 'Search' }));
  await waitFor(() => expect(screen.getByRole('textbox', { name: 'Find' })).toHaveAttribute('aria-invalid', 'true'));
  await expectNoViolations(container);
}, 60_000);
