// Words for an owner in the content editor and Add project (README.md, "Editing the site"):
// each problem a sentence of the message table (problem-messages.ts), one per rule, never the
// validator's text; fields named in words (content-texts.tsx, FIELD_LABELS) with the key in the
// hint; the address suggested from the name; the category shown as it is sent; the words a
// picture was given at upload offered as its alternative text.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import { contentDocuments, DOCUMENT_NAMES } from '../../../content/content-documents.ts';
import { addProjectMachine } from '../../../src/machines/content-editor/add-project.machine.ts';
import { documentProblems } from '../../../src/validation/content-editor/document-problems.ts';
import { addressFromName, newProjectProblems, withAddressFromName } from '../../../src/validation/content-editor/new-project.ts';
import { PATTERN_MESSAGES, problemMessage, RULE_MESSAGES, SLUG_MESSAGE } from '../../../src/validation/content-editor/problem-messages.ts';
import { AddProjectPage, blankNewProject } from '../../../src/views/content-editor/add-project-page.view.tsx';
import { StructForm } from '../../../src/views/content-editor/struct-form.view.tsx';
import { fieldLabel, pathLabel } from '../../../src/views/content-editor/struct-fields.ts';
import type { PictureChoiceProps } from '../../../src/views/shared/picture-choice.ts';
import { consolePageProps } from '../../support/console-page.ts';
import { BuiltPictureChoice } from '../../support/picture-choice.tsx';
import { content } from '../../model-based/content-editor/content-fixtures.ts';

const LIVE = { projects: content.projects, projectPages: content.projectPages };
const project = () => {
  const card = content.projects.items[0]!;
  return { card: { ...card, id: 'menlyn-atrium-2026', name: 'Menlyn Atrium 2026' }, page: structuredClone(content.projectPages.projects[card.id]!) };
};

/** Every leaf of a value, by its path: where a wrong value is put in the tests below. */
function leaves(value: unknown, path: Array<string | number> = []): Array<Array<string | number>> {
  if (Array.isArray(value)) return value.flatMap((item, index) => leaves(item, [...path, index]));
  if (typeof value === 'object' && value !== null) return Object.entries(value).flatMap(([key, item]) => leaves(item, [...path, key]));
  return [path];
}
function setAt(document: unknown, path: ReadonlyArray<string | number>, next: unknown): unknown {
  const copy = structuredClone(document) as Record<string | number, unknown>;
  let at = copy;
  for (const key of path.slice(0, -1)) at = at[key] as Record<string | number, unknown>;
  at[path.at(-1)!] = next;
  return copy;
}

describe('the message table', () => {
  it('says the address rule in the field’s terms, not the validator’s', () => {
    const problems = newProjectProblems({ ...project(), card: { ...project().card, id: 'Menlyn Atrium 2026' } }, LIVE);
    expect(problems).toEqual([{ path: 'card.id', message: SLUG_MESSAGE }]);
    expect(SLUG_MESSAGE).toBe('Use lower-case letters, digits and hyphens, like menlyn-atrium-2026.');
  });

  it('has one sentence per rule', () => {
    const failure = (type: string, refinement: string | undefined, message: string, value: unknown = 'x') => problemMessage({ type, refinement, message, value });
    expect(failure('string', 'Text', 'Expected a non-empty string, but received an empty one', '')).toBe(RULE_MESSAGES.blank);
    expect(problemMessage({ type: 'string', refinement: undefined, message: 'Expected a string, but received: undefined', value: undefined })).toBe(RULE_MESSAGES.missing);
    expect(failure('string', undefined, 'Expected a string, but received: 3', 3)).toBe(RULE_MESSAGES.text);
    expect(failure('integer', undefined, 'Expected an integer, but received: 2.5', 2.5)).toBe(RULE_MESSAGES.integer);
    expect(failure('enums', undefined, 'Expected one of `"a","b"`, but received: ""', '')).toBe(RULE_MESSAGES.choice);
    expect(failure('integer', 'size', 'Expected a integer between `1990` and `2030` but received `1800`', 1800)).toBe('Use a number from 1990 to 2030.');
    expect(failure('string', 'size', 'Expected a string with a length between `10` and `70` but received one with a length of `5`')).toBe('Use 10 to 70 characters.');
    expect(failure('array', 'size', 'Expected a array with a length between `2` and `4` but received one with a length of `1`', [])).toBe('Give 2 to 4 items.');
    expect(failure('array', 'nonempty', 'Expected a nonempty array but received an empty one', [])).toBe(RULE_MESSAGES.nonempty);
    expect(failure('string', 'pattern', 'Expected a string matching `/^[a-z0-9-]+$/` but received "A B"')).toBe(SLUG_MESSAGE);
    expect(failure('string', 'pattern', 'Expected a string matching `/^\\+27( ?\\d){9}$/` but received "011"')).toBe(PATTERN_MESSAGES['^\\+27( ?\\d){9}$']);
    expect(failure('string', 'pattern', 'Expected a string matching `/^zz$/` but received "a"')).toBe(RULE_MESSAGES.pattern);
    expect(failure('string', 'HttpsUrl', 'Expected an https URL, but received: "http://a"')).toBe(RULE_MESSAGES.httpsUrl);
    expect(failure('never', undefined, 'Expected a value of type `never`, but received: `1`', 1)).toBe(RULE_MESSAGES.unknownField);
  });

  it.each(DOCUMENT_NAMES)('never shows the validator’s text for any field of %s left empty or of the wrong kind', (name) => {
    const document = content[name];
    for (const path of leaves(document)) {
      if (path.length === 0) continue;
      for (const wrong of ['', 12.5, undefined, '%%% Not Valid %%%']) {
        for (const problem of documentProblems(name, setAt(document, path, wrong))) {
          expect(problem.message, `${name} ${problem.path}`).not.toMatch(/Expected|`|received/);
        }
      }
    }
  });
});

describe('the page address suggested from the name', () => {
  it('makes an address of a name', () => {
    expect(addressFromName('Menlyn Atrium 2026')).toBe('menlyn-atrium-2026');
    expect(addressFromName('  Café Nöir & Bar — Sandton!  ')).toBe('cafe-noir-and-bar-sandton');
  });

  it('follows the name until the person writes an address of their own', () => {
    const blank = { card: { name: '', id: '' } };
    const named = withAddressFromName(blank, { card: { name: 'Menlyn Atrium 2026', id: '' } });
    expect(named).toEqual({ card: { name: 'Menlyn Atrium 2026', id: 'menlyn-atrium-2026' } });
    expect(withAddressFromName(named, { card: { name: 'Menlyn Atrium', id: 'menlyn-atrium-2026' } })).toEqual({ card: { name: 'Menlyn Atrium', id: 'menlyn-atrium' } });
    const own = { card: { name: 'Menlyn Atrium', id: 'menlyn' } };
    expect(withAddressFromName(own, { card: { name: 'Menlyn Atrium 2027', id: 'menlyn' } })).toEqual({ card: { name: 'Menlyn Atrium 2027', id: 'menlyn' } });
  });
});

describe('Add project’s form', () => {
  const loaded = addProjectMachine.provide({ actors: { fetchProjectsNow: fromPromise(async () => LIVE) } });

  it('shows the category as it is sent: "Choose one" until one is chosen', async () => {
    const user = userEvent.setup();
    render(<AddProjectPage {...consolePageProps()} PictureChoice={BuiltPictureChoice} blank={blankNewProject(2026)} logic={loaded} />);
    const category = await screen.findByRole('combobox', { name: 'Category' });
    expect(category).toHaveValue('');
    expect(within(category).getByRole('option', { selected: true })).toHaveTextContent('Choose one');
    await user.click(screen.getByRole('button', { name: 'Add the project' }));
    expect(category).toHaveAccessibleDescription(expect.stringContaining(RULE_MESSAGES.choice));
    const first = content.projects.categories[0]!;
    await user.selectOptions(category, first.id);
    expect(category).toHaveValue(first.id);
    expect(within(category).getByRole('option', { selected: true })).toHaveTextContent(first.label);
  });

  it('fills the page address from the name typed', async () => {
    const user = userEvent.setup();
    render(<AddProjectPage {...consolePageProps()} PictureChoice={BuiltPictureChoice} blank={blankNewProject(2026)} logic={loaded} />);
    const [name] = await screen.findAllByRole('textbox', { name: 'Name' });
    await user.type(name!, 'Menlyn Atrium 2026');
    expect(screen.getByRole('textbox', { name: 'Page address' })).toHaveValue('menlyn-atrium-2026');
  });
});

describe('the fields’ names', () => {
  it('names keys an owner would not understand in words, the key in the hint', () => {
    expect(fieldLabel('eyebrow')).toBe('Small title above the heading');
    expect(fieldLabel('href')).toBe('Links to');
    expect(fieldLabel('primaryAction')).toBe('Primary action');
    expect(pathLabel(['primaryAction', 'href'])).toBe('Primary action › Links to');
    render(
      <form>
        <StructForm struct={contentDocuments.hero.struct} value={content.hero} context={{ formId: 'f', problems: new Map(), rawJson: {}, onEdit: vi.fn(), linksId: 'links', PictureChoice: BuiltPictureChoice }} />
      </form>,
    );
    expect(screen.queryByRole('textbox', { name: 'Eyebrow' })).toBeNull();
    const [eyebrow] = screen.getAllByRole('textbox', { name: 'Small title above the heading' });
    expect(eyebrow).toHaveAccessibleDescription(expect.stringContaining('Called “eyebrow” in the content files.'));
    // A link field suggests the site's links: a combobox.
    expect(screen.queryAllByLabelText('Href')).toEqual([]);
    expect(screen.getAllByRole('combobox', { name: 'Links to' }).length).toBeGreaterThan(0);
  });
});

describe('a picture picked', () => {
  /** A picker whose one picture was given words at upload. */
  function UploadedChoice({ onChange, label }: PictureChoiceProps) {
    return (
      <button type="button" onClick={() => onChange('night-wall', 'An LED wall at night')}>
        {`Pick for ${label}`}
      </button>
    );
  }
  const pictureForm = (alt: string, onEdit: () => void) => (
    <form>
      <StructForm
        struct={contentDocuments.hero.struct.schema.image}
        value={{ key: '', alt }}
        context={{ formId: 'f', problems: new Map(), rawJson: {}, onEdit, linksId: 'links', PictureChoice: UploadedChoice }}
      />
    </form>
  );

  it('brings the words given at upload as its alternative text', async () => {
    const onEdit = vi.fn();
    render(pictureForm('', onEdit));
    await userEvent.click(screen.getByRole('button', { name: 'Pick for Picture' }));
    expect(onEdit).toHaveBeenCalledWith({ op: 'set', path: [], value: { key: 'night-wall', alt: 'An LED wall at night' } });
  });

  it('keeps alternative text the person wrote', async () => {
    const onEdit = vi.fn();
    render(pictureForm('Our wall', onEdit));
    await userEvent.click(screen.getByRole('button', { name: 'Pick for Picture' }));
    expect(onEdit).toHaveBeenCalledWith({ op: 'set', path: ['key'], value: 'night-wall' });
  });
});
