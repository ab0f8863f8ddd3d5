// The parts of a document the console never edits (README.md, "Editing the site"): the contact
// form's API actions (`api_url_request`, `api_json_xml_request`) and its `allowedHosts`. They can
// put the server's secrets in a request (`env:NAME` headers) and send visitors' details off the
// site, so they change only in the repository's content/documents/contact-form.json and with a
// deploy. The editor shows them read-only with REPOSITORY_ONLY_REASON; the server refuses a draft
// that changes them (CONTENT_ERROR.fieldNotEditable) and, whatever a stored revision holds, serves
// the repository's (withRepositoryOnlyParts). Pure and browser-safe.
import type { DocumentName } from '../../../content/document-names.ts';
import type { Problem } from './content-editor.protocol.ts';
import { documentDiff } from './document-diff.ts';

export const REPOSITORY_ONLY_REASON =
  "API actions and allowed hosts are set in the repository only (content/documents/contact-form.json), never in the console: they send visitors' details to another site, with tokens from the server's configuration (the variables FORM_ACTION_SECRETS lists), so a developer changes them with a deploy.";

type Json = Record<string, unknown>;

const isRecord = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** An action the server sends to an outside API (content/structs/form-actions.struct.ts). */
export const isApiAction = (action: unknown): boolean => isRecord(action) && (action.type === 'api_url_request' || action.type === 'api_json_xml_request');

const actionsOf = (form: Json): unknown[] => (Array.isArray(form.actions) ? form.actions : []);

/** The form's API actions, each with its place in `actions`. */
const apiActionsOf = (form: Json): Array<[number, unknown]> =>
  actionsOf(form).flatMap((action, index): Array<[number, unknown]> => (isApiAction(action) ? [[index, action]] : []));

/**
 * Where `draft` differs from the repository's document in the parts only the repository sets,
 * each at its field: an API action added, changed or removed (compared in their order, wherever
 * the other actions stand among them), or the allowed hosts changed. Empty when it does not.
 */
export function repositoryOnlyChanges(name: DocumentName, draft: unknown, repository: unknown): Problem[] {
  if (name !== 'contactForm' || !isRecord(draft) || !isRecord(repository)) return [];
  const problems: Problem[] = [];
  const drafted = apiActionsOf(draft);
  const kept = apiActionsOf(repository).map(([, action]) => action);
  drafted.forEach(([index, action], order) => {
    const at = `actions[${index}]`;
    if (order >= kept.length) {
      problems.push({ path: at, message: `An API action cannot be added in the console. ${REPOSITORY_ONLY_REASON}` });
      return;
    }
    const [change] = documentDiff(kept[order], action);
    if (change !== undefined) problems.push({ path: change.path === '' ? at : `${at}.${change.path}`, message: `This API action cannot be changed in the console. ${REPOSITORY_ONLY_REASON}` });
  });
  for (const removed of kept.slice(drafted.length)) {
    const url = isRecord(removed) ? String(removed.url) : '';
    problems.push({ path: 'actions', message: `The API action to ${url} cannot be removed in the console. ${REPOSITORY_ONLY_REASON}` });
  }
  if (!same(draft.allowedHosts, repository.allowedHosts)) problems.push({ path: 'allowedHosts', message: `Allowed hosts cannot be changed in the console. ${REPOSITORY_ONLY_REASON}` });
  return problems;
}

/**
 * A stored document with the repository's API actions and allowed hosts in place of its own: each
 * API action where the stored one stood (in order), those the repository has beyond them after
 * the other actions. Unchanged (the same object) when the parts are already the repository's.
 */
export function withRepositoryOnlyParts(name: DocumentName, stored: unknown, repository: unknown): unknown {
  if (name !== 'contactForm' || !isRecord(stored) || !isRecord(repository)) return stored;
  if (repositoryOnlyChanges(name, stored, repository).length === 0) return stored;
  const fromRepository = apiActionsOf(repository).map(([, action]) => action);
  let next = 0;
  const actions = actionsOf(stored).flatMap((action) => {
    if (!isApiAction(action)) return [action];
    next += 1;
    return next <= fromRepository.length ? [fromRepository[next - 1]] : [];
  });
  actions.push(...fromRepository.slice(next));
  const result: Json = { ...stored };
  if (actions.length > 0 || stored.actions !== undefined) result.actions = actions;
  if (repository.allowedHosts === undefined) delete result.allowedHosts;
  else result.allowedHosts = repository.allowedHosts;
  return result;
}

/**
 * Whether the part at `path` of `draft` is one only the repository sets, for the editor to show
 * read-only: the allowed hosts, or an API action equal to the live document's in the same order
 * among the API actions (as repositoryOnlyChanges compares them). One typed into a new item stays
 * editable, and removable, and the server says why it is refused.
 */
export function isRepositoryOnlyPart(name: DocumentName, path: ReadonlyArray<string | number>, draft: unknown, live: unknown): boolean {
  if (name !== 'contactForm') return false;
  if (path.length === 1 && path[0] === 'allowedHosts') return true;
  if (path.length !== 2 || path[0] !== 'actions' || typeof path[1] !== 'number' || !isRecord(draft) || !isRecord(live)) return false;
  const drafted = apiActionsOf(draft);
  const order = drafted.findIndex(([index]) => index === path[1]);
  const kept = apiActionsOf(live)[order];
  return order !== -1 && kept !== undefined && same(kept[1], drafted[order]?.[1]);
}
