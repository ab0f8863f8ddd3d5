// A document as a form, generated from its struct (struct-fields.ts says how each part is drawn):
// every field from the shared form kit with its label and the struct's message beside it;
// optional fields added and removed; lists with add, remove, move up and move down (buttons,
// so the keyboard reaches them; the moved item keeps the focus: content-editor-page.view.tsx).
// It renders the draft it is given and reports each change as a DraftEdit; it holds no state.
import { type DraftEdit, type DraftPath, type RawJson, pathKey } from '../../machines/content-editor/draft-edit.ts';
import { LONG_TEXT_MAX, TEXT_MAX, textMaxOf, textMaxText, textOverMax } from '../../../content/content-limits.ts';
import { pathText } from '../../validation/content-editor/document-problems.ts';
import { REPOSITORY_ONLY_REASON } from '../../validation/content-editor/repository-only-parts.ts';
import { CheckboxField, fieldIds, SelectField, TextAreaField, TextField } from '../shared/form-fields/index.ts';
import type { PictureChoice } from '../shared/picture-choice.ts';
import { technicalNameHint } from './content-texts.tsx';
import { emptyValue, fieldKind, fieldLabel, fieldName, isOptional, type AnyStruct } from './struct-fields.ts';

export interface StructFormContext {
  formId: string;
  /** The message of each problem, by its path text. */
  problems: ReadonlyMap<string, string>;
  rawJson: RawJson;
  onEdit(edit: DraftEdit): void;
  /** The id of the datalist of the site's links. */
  linksId: string;
  /** How a picture is chosen: the media library's picker, given by the console's shell. */
  PictureChoice: PictureChoice;
  /** A field's name where this form says it better than FIELD_LABELS (content-texts.tsx), by its path text. */
  labels?: Readonly<Record<string, string>>;
  /** Words for a choice's values (a project's category: its label), where the value is an id. */
  choiceLabels?: Readonly<Record<string, string>>;
  /** Whether the part at `path` of the draft is one only the repository sets: shown, never edited (repository-only-parts.ts). */
  repositoryOnly?: (path: DraftPath) => boolean;
}

interface NodeProps {
  struct: AnyStruct;
  value: unknown;
  path: DraftPath;
  label: string;
  /** The list a list item belongs to (its key names what kind of text it is). */
  listKey?: string;
  context: StructFormContext;
}

/** A list's move button: its id, so the focus can follow the item it moved. */
export const moveButtonId = (formId: string, path: DraftPath, index: number, direction: 'up' | 'down'): string =>
  `${fieldIds(formId, fieldName([...path, index])).control}-${direction}`;

/** The problems under a part edited as JSON, with their paths inside it. */
function problemsUnder(problems: ReadonlyMap<string, string>, path: DraftPath): string | undefined {
  const prefix = pathText(path);
  const found = [...problems].filter(([at]) => at === prefix || at.startsWith(`${prefix}.`) || at.startsWith(`${prefix}[`));
  if (found.length === 0) return undefined;
  return found.map(([at, message]) => (at === prefix ? message : `${at.slice(prefix.length).replace(/^\./, '')}: ${message}`)).join('; ');
}

function PictureField({ value, path, label, context }: Omit<NodeProps, 'struct' | 'listKey'>) {
  const picture = (typeof value === 'object' && value !== null ? value : {}) as { key?: unknown; alt?: unknown };
  const key = typeof picture.key === 'string' ? picture.key : '';
  const alt = typeof picture.alt === 'string' ? picture.alt : '';
  const error = context.problems.get(pathText([...path, 'key'])) ?? context.problems.get(pathText(path));
  return (
    <fieldset className="content-group content-picture">
      <legend>{label}</legend>
      <context.PictureChoice
        formId={context.formId}
        name={fieldName([...path, 'key'])}
        label="Picture"
        value={key}
        {...(error === undefined ? {} : { error })}
        // The text the picture was given at upload fills an empty alternative text: one change, the picture with its words.
        onChange={(chosen, uploadAlt) =>
          context.onEdit(alt === '' && uploadAlt ? { op: 'set', path, value: { ...picture, key: chosen, alt: uploadAlt } } : { op: 'set', path: [...path, 'key'], value: chosen })
        }
      />
      <TextField
        formId={context.formId}
        name={fieldName([...path, 'alt'])}
        label="Alternative text"
        hint={`What the picture shows, for people who cannot see it. ${textMaxText(textMaxOf('alt'))}`}
        required
        value={alt}
        error={context.problems.get(pathText([...path, 'alt'])) ?? textOverMax(alt, textMaxOf('alt'))}
        onChange={(text) => context.onEdit({ op: 'set', path: [...path, 'alt'], value: text })}
      />
    </fieldset>
  );
}

function ListField({ item, value, path, label, context }: Omit<NodeProps, 'struct'> & { item: AnyStruct }) {
  const list = Array.isArray(value) ? (value as unknown[]) : [];
  const listKey = typeof path.at(-1) === 'string' ? (path.at(-1) as string) : undefined;
  const ids = fieldIds(context.formId, fieldName(path));
  const error = context.problems.get(pathText(path));
  const move = (from: number, to: number) => {
    if (to < 0 || to >= list.length) return;
    context.onEdit({ op: 'move', path, from, to, label });
  };
  return (
    <fieldset className={`content-group content-list${error ? ' form-group--error' : ''}`} id={ids.control} tabIndex={-1} aria-describedby={error ? ids.error : undefined}>
      <legend id={ids.label}>
        {label} <span className="content-list__count">({list.length === 1 ? '1 item' : `${list.length} items`})</span>
      </legend>
      {error ? (
        <p id={ids.error} className="form-error-message">
          <span className="visually-hidden">Error:</span> {error}
        </p>
      ) : null}
      <ol className="content-list__items">
        {list.map((entry, index) => {
          const itemLabel = `${label}: item ${index + 1}`;
          return (
            <li key={index} className="content-list__item">
              <FieldNode struct={item} value={entry} path={[...path, index]} label={itemLabel} listKey={listKey} context={context} />
              {context.repositoryOnly?.([...path, index]) ? null : (
                <div className="content-list__tools" role="group" aria-label={`${itemLabel}: move or remove`}>
                  <button type="button" id={moveButtonId(context.formId, path, index, 'up')} className="action-button action-button--secondary" aria-disabled={index === 0 || undefined} onClick={() => move(index, index - 1)}>
                    Move up{' '}<span className="visually-hidden">{itemLabel}</span>
                  </button>
                  <button
                    type="button"
                    id={moveButtonId(context.formId, path, index, 'down')}
                    className="action-button action-button--secondary"
                    aria-disabled={index === list.length - 1 || undefined}
                    onClick={() => move(index, index + 1)}
                  >
                    Move down{' '}<span className="visually-hidden">{itemLabel}</span>
                  </button>
                  <button type="button" className="action-button action-button--secondary" onClick={() => context.onEdit({ op: 'remove', path, index, label })}>
                    Remove{' '}<span className="visually-hidden">{itemLabel}</span>
                  </button>
                </div>
              )}
            </li>
          );
        })}
      </ol>
      <button type="button" className="action-button action-button--secondary" onClick={() => context.onEdit({ op: 'insert', path, value: emptyValue(item), label })}>
        Add an item{' '}<span className="visually-hidden">to {label}</span>
      </button>
    </fieldset>
  );
}

function JsonField({ value, path, label, context }: Omit<NodeProps, 'struct' | 'listKey'>) {
  const raw = context.rawJson[pathKey(path)];
  return (
    <TextAreaField
      formId={context.formId}
      name={fieldName(path)}
      label={label}
      hint={`Edited as JSON: the form cannot draw this part field by field. It is checked like every other field; its texts may be up to ${TEXT_MAX} characters, or ${LONG_TEXT_MAX} where they run to sentences.`}
      className="content-json"
      rows={Math.min(20, Math.max(4, (raw?.text ?? JSON.stringify(value, null, 2) ?? '').split('\n').length))}
      value={raw?.text ?? JSON.stringify(value, null, 2) ?? ''}
      error={raw?.message ?? problemsUnder(context.problems, path)}
      onChange={(text) => context.onEdit({ op: 'json', path, text })}
    />
  );
}

/** A part only the repository sets: its value as it is, why it cannot be changed here, and the server's refusal if a draft changed it. */
function RepositoryOnlyField({ value, path, label, context }: Omit<NodeProps, 'struct' | 'listKey'>) {
  const ids = fieldIds(context.formId, fieldName(path));
  const error = problemsUnder(context.problems, path);
  return (
    <div className={`content-group content-repository-only${error ? ' form-group--error' : ''}`} role="group" aria-labelledby={ids.label} aria-describedby={`${ids.hint}${error ? ` ${ids.error}` : ''}`} id={ids.control} tabIndex={-1}>
      <p id={ids.label} className="content-repository-only__label">
        {label} <span className="content-repository-only__tag">(read-only)</span>
      </p>
      <p id={ids.hint} className="content-notice">
        {REPOSITORY_ONLY_REASON}
      </p>
      {error ? (
        <p id={ids.error} className="form-error-message">
          <span className="visually-hidden">Error:</span> {error}
        </p>
      ) : null}
      {value === undefined ? <p className="content-optional__absent">Not set.</p> : <pre className="content-json content-repository-only__value">{JSON.stringify(value, null, 2)}</pre>}
    </div>
  );
}

/** One part of the document, drawn by its kind; an optional part can be added or removed. */
export function FieldNode({ struct, value, path, label, listKey, context }: NodeProps) {
  if (context.repositoryOnly?.(path)) return <RepositoryOnlyField value={value} path={path} label={label} context={context} />;
  const key = path.at(-1);
  const optional = isOptional(struct) && typeof key === 'string';
  if (optional && value === undefined) {
    return (
      <div className="content-optional">
        <p>
          {label}: <span className="content-optional__absent">not set</span>
        </p>
        <button type="button" className="action-button action-button--secondary" onClick={() => context.onEdit({ op: 'set', path, value: emptyValue(struct) })}>
          Add{' '}<span className="visually-hidden">{label}</span>
        </button>
      </div>
    );
  }
  const field = <FieldBody struct={struct} value={value} path={path} label={label} listKey={listKey} context={context} />;
  if (!optional) return field;
  return (
    <div className="content-optional">
      {field}
      <button type="button" className="action-button action-button--secondary" onClick={() => context.onEdit({ op: 'unset', path })}>
        Remove{' '}<span className="visually-hidden">{label}</span>
      </button>
    </div>
  );
}

function FieldBody({ struct, value, path, label, listKey, context }: NodeProps) {
  const kind = fieldKind(struct, path.at(-1), listKey);
  const name = fieldName(path);
  const error = context.problems.get(pathText(path));
  const set = (next: unknown) => context.onEdit({ op: 'set', path, value: next });
  const frame = { formId: context.formId, name, label, error };
  switch (kind.kind) {
    case 'picture':
      return <PictureField value={value} path={path} label={label} context={context} />;
    case 'object':
      return (
        <fieldset className="content-group" id={fieldIds(context.formId, name).control} tabIndex={-1}>
          <legend id={fieldIds(context.formId, name).label}>{label}</legend>
          {error ? <p className="form-error-message"><span className="visually-hidden">Error:</span> {error}</p> : null}
          <ObjectFields fields={kind.fields} value={value} path={path} context={context} />
        </fieldset>
      );
    case 'list':
      return <ListField item={kind.item} value={value} path={path} label={label} context={context} />;
    case 'choice':
      return (
        <SelectField
          {...frame}
          required
          // A value not among the options (a new project's category before one is chosen) shows as "Choose one", never as the first option it is not.
          {...(typeof value === 'string' && kind.options.includes(value) ? {} : { includeBlank: 'Choose one' })}
          options={kind.options.map((option) => ({ value: option, label: context.choiceLabels?.[option] ?? option }))}
          value={typeof value === 'string' ? value : ''}
          onChange={(chosen) => set(chosen)}
        />
      );
    case 'fixed':
      return (
        <p className="content-fixed">
          {label}: <code>{JSON.stringify(value)}</code>
        </p>
      );
    case 'toggle':
      return <CheckboxField {...frame} text={`${label}: yes`} value="yes" checked={value === true} onChange={(checked) => set(checked)} />;
    case 'number':
      return (
        <TextField
          {...frame}
          inputMode="decimal"
          value={typeof value === 'number' ? String(value) : typeof value === 'string' ? value : ''}
          // A text that is not a number yet stays as typed; the struct names what is wrong.
          onChange={(text) => set(text.trim() !== '' && Number.isFinite(Number(text)) ? Number(text) : text)}
        />
      );
    case 'text': {
      const text = typeof value === 'string' ? value : '';
      const change = (next: string) => set(kind.nullable && next === '' ? null : next);
      // The maximum beside the field, and its message as soon as the text is over it (README.md, "Editing the site").
      const limited = { ...frame, error: frame.error ?? textOverMax(text, kind.max) };
      // A renamed field's key in its hint (content-texts.tsx, FIELD_LABELS).
      const technical = typeof path.at(-1) === 'string' ? technicalNameHint(path.at(-1) as string) : undefined;
      const max = technical === undefined ? textMaxText(kind.max) : `${textMaxText(kind.max)} ${technical}`;
      if (kind.long) return <TextAreaField {...limited} rows={4} hint={max} value={text} onChange={change} />;
      const hint = kind.link ? `A page or section of the site, such as /#about. ${max}` : max;
      return <TextField {...limited} value={text} list={kind.link ? context.linksId : undefined} spellCheck={kind.link ? false : undefined} hint={hint} onChange={change} />;
    }
    case 'json':
      return <JsonField value={value} path={path} label={label} context={context} />;
  }
}

function ObjectFields({ fields, value, path, context }: { fields: ReadonlyArray<readonly [string, AnyStruct]>; value: unknown; path: DraftPath; context: StructFormContext }) {
  const record = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  return fields.map(([key, field]) => <FieldNode key={key} struct={field} value={record[key]} path={[...path, key]} label={context.labels?.[pathText([...path, key])] ?? fieldLabel(key)} context={context} />);
}

/** The whole document: its top level's fields without a frame of their own. */
export function StructForm({ struct, value, context }: { struct: AnyStruct; value: unknown; context: StructFormContext }) {
  const kind = fieldKind(struct, undefined);
  if (kind.kind === 'object') return <ObjectFields fields={kind.fields} value={value} path={[]} context={context} />;
  return <FieldNode struct={struct} value={value} path={[]} label="The document" context={context} />;
}
