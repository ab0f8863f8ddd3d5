// The contact form's API actions and allowed hosts are the repository's only (README.md, "Editing
// the site"): a draft that adds, changes or removes one is named at its field; a stored document
// gets the repository's back; the editor shows them read-only with why, and shows the server's
// refusal (403 content_field_not_editable) beside the field a person typed an action into.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fromPromise, type InputFrom } from 'xstate';
import type { FormDefinition } from '../../../content/forms/index.ts';
import type { FormAction } from '../../../content/structs/form-actions.struct.ts';
import { contentEditorMachine } from '../../../src/machines/content-editor/content-editor.machine.ts';
import type { publishDocument } from '../../../src/services/content-editor/content-editor.actors.ts';
import { ConsoleApiError } from '../../../src/services/shared/console-api.client.ts';
import { CONTENT_ERROR, type DocumentAnswer, type PublishAnswer } from '../../../src/validation/content-editor/content-editor.protocol.ts';
import { isRepositoryOnlyPart, REPOSITORY_ONLY_REASON, repositoryOnlyChanges, withRepositoryOnlyParts } from '../../../src/validation/content-editor/repository-only-parts.ts';
import { ContentEditorPage } from '../../../src/views/content-editor/content-editor-page.view.tsx';
import { consolePageProps } from '../../support/console-page.ts';
import { BuiltPictureChoice } from '../../support/picture-choice.tsx';
import { content } from '../../model-based/content-editor/content-fixtures.ts';

const CRM: FormAction = {
  type: 'api_url_request',
  url: 'https://crm.example.com/leads',
  method: 'POST',
  headers: [{ name: 'Authorization', value: 'env:CRM_TOKEN' }],
  fields: [{ param: 'email', field: 'your-email' }],
};
const JSON_CRM: FormAction = { type: 'api_json_xml_request', url: 'https://crm.example.com/leads.json', method: 'PUT', format: 'json', template: '{"email": "[your-email]"}' };

/** The repository's form, as a site with a CRM would have it: a popup, an API action, a redirect, another API action. */
const [popup, redirect] = content.contactForm.actions ?? [];
const repository: FormDefinition = { ...content.contactForm, allowedHosts: ['crm.example.com'], actions: [popup!, CRM, redirect!, JSON_CRM] };

const problemPaths = (draft: unknown) => repositoryOnlyChanges('contactForm', draft, repository).map((problem) => problem.path);

describe('the parts of a document only the repository sets', () => {
  it('names each change of an API action or the allowed hosts at its field, and nothing else', () => {
    expect(problemPaths(repository)).toEqual([]);
    // Other actions and words are the console's to change, and to move among the API actions.
    expect(problemPaths({ ...repository, submitLabel: 'Send it', actions: [CRM, redirect, popup, JSON_CRM] })).toEqual([]);
    const stolen = { ...CRM, headers: [{ name: 'Authorization', value: 'env:NONCE_SECRET' }] };
    expect(problemPaths({ ...repository, actions: [popup, stolen, redirect, JSON_CRM] })).toEqual(['actions[1].headers[0].value']);
    expect(problemPaths({ ...repository, actions: [popup, CRM, redirect, { ...JSON_CRM, url: 'https://evil.example/x' }] })).toEqual(['actions[3].url']);
    expect(problemPaths({ ...repository, actions: [popup, CRM, redirect, JSON_CRM, { ...CRM, url: 'https://crm.example.com/copy' }] })).toEqual(['actions[4]']);
    expect(problemPaths({ ...repository, actions: [popup, CRM, redirect] })).toEqual(['actions']);
    expect(problemPaths({ ...repository, allowedHosts: ['crm.example.com', 'evil.example'] })).toEqual(['allowedHosts']);
    const { allowedHosts: _dropped, ...withoutHosts } = repository;
    expect(problemPaths(withoutHosts)).toEqual(['allowedHosts']);
    expect(repositoryOnlyChanges('contactForm', withoutHosts, repository)[0]?.message).toContain(REPOSITORY_ONLY_REASON);
    // No other document has such parts.
    expect(repositoryOnlyChanges('hero', { allowedHosts: ['evil.example'] }, content.hero)).toEqual([]);
  });

  it("puts the repository's API actions and hosts into a stored document, where its own stood", () => {
    expect(withRepositoryOnlyParts('contactForm', repository, repository)).toBe(repository);
    const stored = { ...repository, submitLabel: 'Send it', allowedHosts: ['evil.example'], actions: [{ ...CRM, url: 'https://evil.example/x' }, popup, redirect] };
    expect(withRepositoryOnlyParts('contactForm', stored, repository)).toEqual({ ...repository, submitLabel: 'Send it', actions: [CRM, popup, redirect, JSON_CRM] });
    const attacked = { ...content.contactForm, allowedHosts: ['evil.example'], actions: [{ ...CRM, url: 'https://evil.example/x' }, ...(content.contactForm.actions ?? [])] };
    expect(withRepositoryOnlyParts('contactForm', attacked, content.contactForm)).toEqual(content.contactForm);
  });

  it('shows the allowed hosts and the live API actions read-only, and an action being typed as editable', () => {
    expect(isRepositoryOnlyPart('contactForm', ['allowedHosts'], repository, repository)).toBe(true);
    expect(isRepositoryOnlyPart('contactForm', ['actions', 1], repository, repository)).toBe(true);
    expect(isRepositoryOnlyPart('contactForm', ['actions', 3], repository, repository)).toBe(true);
    expect(isRepositoryOnlyPart('contactForm', ['actions', 0], repository, repository)).toBe(false);
    // Moved among the other actions, an API action stays read-only.
    expect(isRepositoryOnlyPart('contactForm', ['actions', 0], { ...repository, actions: [CRM, popup, redirect, JSON_CRM] }, repository)).toBe(true);
    const typed = { ...repository, actions: [...(repository.actions ?? []), { ...CRM, url: 'https://crm.example.com/copy' }] };
    expect(isRepositoryOnlyPart('contactForm', ['actions', 4], typed, repository)).toBe(false);
    // A copy of a live action typed as a new one is the fifth API action, not the live one: it can still be removed.
    expect(isRepositoryOnlyPart('contactForm', ['actions', 4], { ...repository, actions: [...(repository.actions ?? []), CRM] }, repository)).toBe(false);
    expect(isRepositoryOnlyPart('hero', ['allowedHosts'], repository, repository)).toBe(false);
  });
});

describe("the contact form's editor", () => {
  const live: DocumentAnswer = { name: 'contactForm', revision: 4, number: 2, publishedAt: '2026-03-02T07:30:00.000Z', publishedBy: { id: 2, name: 'Thandi Nkosi' }, note: null, document: repository, canEdit: true };
  const problem = { path: 'actions[4]', message: `An API action cannot be added in the console. ${REPOSITORY_ONLY_REASON}` };
  const refusing = contentEditorMachine.provide({
    actors: {
      fetchDocument: fromPromise(async () => live),
      publishDocument: fromPromise<PublishAnswer, InputFrom<typeof publishDocument>>(async () => {
        throw new ConsoleApiError(CONTENT_ERROR.fieldNotEditable, 'This document has parts only the repository sets.', 403, problem.path, { status: 403, field: problem.path, problems: [problem] });
      }),
    },
  });

  it('shows the API actions and allowed hosts with why they are not edited here, with nothing to change them by', async () => {
    render(<ContentEditorPage {...consolePageProps()} documentName="contactForm" PictureChoice={BuiltPictureChoice} logic={refusing} />);
    const hosts = await screen.findByRole('group', { name: 'Allowed hosts (read-only)' });
    expect(hosts).toHaveAccessibleDescription(REPOSITORY_ONLY_REASON);
    expect(within(hosts).getByText(/crm\.example\.com/)).toBeInTheDocument();
    expect(within(hosts).queryByRole('button')).toBeNull();
    const action = screen.getByRole('group', { name: 'Actions: item 2 (read-only)' });
    expect(within(action).getByText(/env:CRM_TOKEN/)).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Actions: item 2' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remove Actions: item 2' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remove Actions: item 4' })).toBeNull();
    // The other actions stay editable.
    expect(screen.getByRole('textbox', { name: 'Actions: item 1' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove Actions: item 3' })).toBeInTheDocument();
  });

  it("shows the server's refusal of an API action typed into a new item beside that item, and in the summary", async () => {
    const user = userEvent.setup();
    render(<ContentEditorPage {...consolePageProps()} documentName="contactForm" PictureChoice={BuiltPictureChoice} logic={refusing} />);
    await user.click(await screen.findByRole('button', { name: 'Add an item to Actions' }));
    const added = screen.getByRole('textbox', { name: 'Actions: item 5' });
    await user.clear(added);
    await user.click(added);
    await user.paste(JSON.stringify({ ...CRM, url: 'https://crm.example.com/copy', headers: [{ name: 'X-Key', value: 'env:NONCE_SECRET' }] }));
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    await user.click(await screen.findByRole('button', { name: 'Publish now' }));
    await waitFor(() => expect(added).toHaveAccessibleDescription(expect.stringContaining(`Error: ${problem.message}`)));
    const summary = screen.getByRole('alert');
    expect(within(summary).getByRole('link', { name: `Actions › item 5: ${problem.message}` })).toHaveAttribute('href', `#${added.id}`);
  });
});
