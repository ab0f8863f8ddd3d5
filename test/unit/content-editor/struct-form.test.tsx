// The editor's form, generated from the documents' structs: every document of the repository
// renders as a form; a blanked hero heading is refused with the struct's message beside the
// field and in the summary; moving a list item moves the values and keeps the focus on it; the
// parts the struct does not describe are JSON fields, checked like the rest.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import { contentDocuments, DOCUMENT_NAMES } from '../../../content/content-documents.ts';
import { LONG_TEXT_MAX, TEXT_MAX } from '../../../content/content-limits.ts';
import { contentEditorMachine } from '../../../src/machines/content-editor/content-editor.machine.ts';
import { applyEdit } from '../../../src/machines/content-editor/draft-edit.ts';
import type { DocumentAnswer } from '../../../src/validation/content-editor/content-editor.protocol.ts';
import { ContentEditorPage } from '../../../src/views/content-editor/content-editor-page.view.tsx';
import { BuiltPictureChoice } from '../../support/picture-choice.tsx';
import { StructForm } from '../../../src/views/content-editor/struct-form.view.tsx';
import { fieldKind, parsePathText } from '../../../src/views/content-editor/struct-fields.ts';
import { consolePageProps } from '../../support/console-page.ts';
import { content, HERO } from '../../model-based/content-editor/content-fixtures.ts';

const editorWith = (answer: DocumentAnswer) =>
  contentEditorMachine.provide({ actors: { fetchDocument: fromPromise(async () => answer) } });

describe('the form generated from a struct', () => {
  it.each(DOCUMENT_NAMES)('renders the repository’s %s document', (name) => {
    const onEdit = vi.fn();
    const { container } = render(
      <form>
        <StructForm struct={contentDocuments[name].struct} value={content[name]} context={{ formId: 'f', problems: new Map(), rawJson: {}, onEdit, linksId: 'links', PictureChoice: BuiltPictureChoice }} />
      </form>,
    );
    expect(container.querySelectorAll('input, textarea, select').length).toBeGreaterThan(0);
    expect(onEdit).not.toHaveBeenCalled();
  });

  it('draws each kind of part from the struct’s fields', () => {
    const hero = contentDocuments.hero.struct.schema;
    expect(fieldKind(hero.heading, 'heading')).toMatchObject({ kind: 'text', long: false, link: false, max: TEXT_MAX });
    expect(fieldKind(hero.lead, 'lead')).toMatchObject({ kind: 'text', long: true, max: LONG_TEXT_MAX });
    expect(fieldKind(hero.primaryAction.schema.href, 'href')).toMatchObject({ kind: 'text', link: true });
    expect(fieldKind(hero.image, 'image')).toEqual({ kind: 'picture' });
    expect(fieldKind(hero.slides, 'slides').kind).toBe('list');
    // The contact form's fields are a dynamic struct: each is edited as JSON.
    const fields = fieldKind(contentDocuments.contactForm.struct.schema.fields, 'fields');
    if (fields.kind !== 'list') throw new Error(`the form's fields are drawn as ${fields.kind}`);
    expect(fieldKind(fields.item, 0)).toEqual({ kind: 'json' });
  });

  it('reads a problem’s path back into its parts', () => {
    expect(parsePathText('slides[1].heading')).toEqual(['slides', 1, 'heading']);
    expect(parsePathText('[0].title')).toEqual([0, 'title']);
  });

  it('says each text field’s maximum beside it, and a text over it as soon as it is typed', async () => {
    render(<ContentEditorPage {...consolePageProps()} documentName="hero" PictureChoice={BuiltPictureChoice} logic={editorWith(HERO)} />);
    const [heading] = await screen.findAllByRole('textbox', { name: 'Heading' });
    const lead = screen.getByRole('textbox', { name: 'Lead' });
    expect(heading).toHaveAccessibleDescription(`Up to ${TEXT_MAX} characters.`);
    expect(lead).toHaveAccessibleDescription(`Up to ${LONG_TEXT_MAX} characters.`);
    fireEvent.change(heading!, { target: { value: 'h'.repeat(TEXT_MAX + 1) } });
    await waitFor(() => expect(heading).toHaveAccessibleDescription(`Up to ${TEXT_MAX} characters. Error: Up to ${TEXT_MAX} characters: this has ${TEXT_MAX + 1}.`));
    expect(heading).toHaveAttribute('aria-invalid', 'true');
    // The document's size beside where the draft starts.
    expect(document.querySelector('.content-page__facts')).toHaveTextContent(/Its size: \d+ KB of the 128 KB a document may hold\./);
  });

  it('shows a blanked hero heading’s message beside the field and in the summary on publish', async () => {
    const user = userEvent.setup();
    render(<ContentEditorPage {...consolePageProps()} documentName="hero" PictureChoice={BuiltPictureChoice} logic={editorWith(HERO)} />);
    // The hero's own heading (each slide has one too) comes first.
    const [heading] = await screen.findAllByRole('textbox', { name: 'Heading' });
    if (!heading) throw new Error('no heading field');
    await user.clear(heading);
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    // The message table's sentence (problem-messages.ts), not the validator's text.
    const message = 'Write something here: it cannot be left empty.';
    await waitFor(() => expect(heading).toHaveAccessibleDescription(`Up to ${TEXT_MAX} characters. Error: ${message}`));
    expect(heading).toHaveAttribute('aria-invalid', 'true');
    const summary = screen.getByRole('alert');
    expect(within(summary).getByRole('link', { name: `Heading: ${message}` })).toHaveAttribute('href', `#${heading.id}`);
    await waitFor(() => expect(document.activeElement).toBe(summary.parentElement));
    // Typing a heading again clears the message at once.
    await user.type(heading, 'A new heading');
    await waitFor(() => expect(heading).toHaveAttribute('aria-invalid', 'false'));
  });

  it('moves a list item down: the values move, the focus stays on the item, the move is announced', async () => {
    const user = userEvent.setup();
    render(<ContentEditorPage {...consolePageProps()} documentName="hero" PictureChoice={BuiltPictureChoice} logic={editorWith(HERO)} />);
    const [first, second] = content.hero.highlights;
    const highlights = await screen.findByRole('group', { name: /^Highlights \(/ });
    await user.click(within(highlights).getByRole('button', { name: 'Move down Highlights: item 1' }));
    await waitFor(() => expect(within(highlights).getByRole('textbox', { name: 'Highlights: item 1' })).toHaveValue(second));
    expect(within(highlights).getByRole('textbox', { name: 'Highlights: item 2' })).toHaveValue(first);
    await waitFor(() => expect(document.activeElement).toBe(within(highlights).getByRole('button', { name: 'Move down Highlights: item 2' })));
    expect(screen.getByText(`Highlights: item 1 moved to place 2 of ${content.hero.highlights.length}.`)).toBeInTheDocument();
    // Up with the keyboard: the item goes back, the focus with it.
    await user.click(within(highlights).getByRole('button', { name: 'Move up Highlights: item 2' }));
    await waitFor(() => expect(within(highlights).getByRole('textbox', { name: 'Highlights: item 1' })).toHaveValue(first));
    await waitFor(() => expect(document.activeElement).toBe(within(highlights).getByRole('button', { name: 'Move up Highlights: item 1' })));
  });
});

describe('applyEdit', () => {
  const document = { a: [1, 2, 3], b: { c: 'x' } };
  it('sets, unsets, inserts, removes and moves without changing the draft it was given', () => {
    expect(applyEdit(document, { op: 'set', path: ['b', 'c'], value: 'y' })).toEqual({ a: [1, 2, 3], b: { c: 'y' } });
    expect(applyEdit(document, { op: 'unset', path: ['b', 'c'] })).toEqual({ a: [1, 2, 3], b: {} });
    expect(applyEdit(document, { op: 'insert', path: ['a'], value: 4, label: 'A' })).toEqual({ a: [1, 2, 3, 4], b: { c: 'x' } });
    expect(applyEdit(document, { op: 'remove', path: ['a'], index: 0, label: 'A' })).toEqual({ a: [2, 3], b: { c: 'x' } });
    expect(applyEdit(document, { op: 'move', path: ['a'], from: 2, to: 0, label: 'A' })).toEqual({ a: [3, 1, 2], b: { c: 'x' } });
    expect(applyEdit(document, { op: 'move', path: ['a'], from: 2, to: 3, label: 'A' })).toEqual(document);
    expect(applyEdit(document, { op: 'json', path: ['b'], text: '{"c": "z"}' })).toEqual({ a: [1, 2, 3], b: { c: 'z' } });
    expect(applyEdit(document, { op: 'json', path: ['b'], text: '{"c": ' })).toBe(document);
    expect(document).toEqual({ a: [1, 2, 3], b: { c: 'x' } });
  });
});
