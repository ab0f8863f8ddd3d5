import type { FormDefinition } from '../../content/forms/index.ts';
import type { FormAction } from '../../content/structs/form-actions.struct.ts';
import type { OutboxRequest } from '../db/types.ts';
import { escapeHtml } from '../../src/validation/shared/escape-html.ts';
import { actionUrl, applicableActions } from './after-sent-actions.ts';
import { displayValue, type PostedData } from './posted-data.ts';

/*
 * A sent form's API actions (`api_url_request`, `api_json_xml_request`) as requests for the
 * outbox, committed with the submission and sent by the server, never by the browser (the
 * add-on ran them from the page and then eval'ed what came back). The URL is the form's own, on
 * its allow-list; values only fill the query or the body of the fields the action names: in a
 * JSON template a value is a JSON string's content, in XML it is escaped text. The actions and
 * the allow-list are the repository's only (src/validation/content-editor/repository-only-parts.ts),
 * and a header `env:NAME` reads only a variable FORM_ACTION_SECRETS lists (README.md, "Configuration").
 */

type ApiAction = Extract<FormAction, { type: 'api_url_request' | 'api_json_xml_request' }>;

const isApiAction = (action: FormAction): action is ApiAction => action.type === 'api_url_request' || action.type === 'api_json_xml_request';

const valueOf = (postedData: PostedData, field: string) => displayValue(postedData[field]).trim();

/** A value inside a JSON string literal: JSON.stringify's escaping without the quotes. */
const jsonStringContent = (value: string) => JSON.stringify(value).slice(1, -1);

export function fillTemplate(template: string, format: 'json' | 'xml', postedData: PostedData): string {
  return template.replace(/\[([A-Za-z][A-Za-z0-9_-]*)\]/g, (_tag, field: string) => {
    const value = valueOf(postedData, field);
    return format === 'json' ? jsonStringContent(value) : escapeHtml(value);
  });
}

/** The variable a header value `env:NAME` names; undefined for a value sent as written. */
export const secretNameOf = (value: string): string | undefined => /^env:([A-Z][A-Z0-9_]*)$/.exec(value)?.[1];

export interface UnlistedSecret {
  /** Where in the form: `actions[0].headers[1].value`. */
  path: string;
  variable: string;
}

/** Every header of the form's API actions that names a variable FORM_ACTION_SECRETS does not list. */
export function unlistedSecrets(form: Pick<FormDefinition, 'actions'>, secrets: ReadonlyMap<string, string>): UnlistedSecret[] {
  return (form.actions ?? []).flatMap((action, index) =>
    isApiAction(action)
      ? (action.headers ?? []).flatMap(({ value }, header) => {
          const variable = secretNameOf(value);
          return variable === undefined || secrets.has(variable) ? [] : [{ path: `actions[${index}].headers[${header}].value`, variable }];
        })
      : [],
  );
}

/**
 * Refuses to start a server whose forms name a variable FORM_ACTION_SECRETS does not list (an
 * operator's mistake, said at once rather than at a visitor's submission); `where` names each
 * form's document.
 */
export function assertFormActionSecrets(forms: readonly FormDefinition[], secrets: ReadonlyMap<string, string>, where: (form: FormDefinition) => string): void {
  const problems = forms.flatMap((form) => unlistedSecrets(form, secrets).map(({ path, variable }) => `${where(form)}, ${path}: env:${variable} is not listed in FORM_ACTION_SECRETS`));
  if (problems.length > 0) {
    throw new Error(`A contact form's API action names a variable the server does not give to forms: ${problems.join('; ')}. List the variable in FORM_ACTION_SECRETS (and set it), or change the document (README.md, "Configuration").`);
  }
}

/**
 * A queued request's headers as they are sent: each `env:NAME` replaced by the value
 * FORM_ACTION_SECRETS gives it now (line breaks removed); `unlisted` names the variables it no
 * longer lists (the operator took one out after the request was queued), and then nothing is sent.
 */
export function resolveSecretHeaders(
  headers: ReadonlyArray<readonly [string, string]>,
  secrets: ReadonlyMap<string, string>,
): { headers: Array<[string, string]>; unlisted: string[] } {
  const unlisted: string[] = [];
  const resolved = headers.map(([name, value]): [string, string] => {
    const variable = secretNameOf(value);
    if (variable === undefined) return [name, value];
    const secret = secrets.get(variable);
    if (secret === undefined) unlisted.push(variable);
    return [name, (secret ?? '').replace(/[\r\n]/g, '')];
  });
  return { headers: resolved, unlisted };
}

export function apiRequestsOf(
  form: FormDefinition,
  postedData: PostedData,
  log: { warn(details: object, text: string): void; error(details: object, text: string): void },
  secrets: ReadonlyMap<string, string>,
): OutboxRequest[] {
  const requests: OutboxRequest[] = [];
  for (const action of applicableActions(form, postedData).filter(isApiAction)) {
    // The origin is unused: an API action's URL is always an outside https URL.
    const url = actionUrl(form, action.url, 'https://invalid.invalid');
    if (url === null || action.url.startsWith('/')) {
      log.warn({ form: form.id, url: action.url }, 'API action to a host not on allowedHosts: left out');
      continue;
    }
    // Only a variable FORM_ACTION_SECRETS lists is ever read (the server refuses to start otherwise): never the server's own configuration.
    const unlisted = unlistedSecrets({ actions: [action] }, secrets).map(({ variable }) => variable);
    if (unlisted.length > 0) {
      log.error({ form: form.id, url: action.url, variables: unlisted }, 'API action header names a variable FORM_ACTION_SECRETS does not list: left out');
      continue;
    }
    // `env:NAME` is queued as written, never its value: the outbox (and so a backup or a person's
    // export) holds no secret; the request sender reads it from FORM_ACTION_SECRETS as it sends.
    const headers = (action.headers ?? []).map(({ name, value }): [string, string] => [name, value]);
    if (action.type === 'api_url_request') {
      const fields = action.fields.map(({ param, field }): [string, string] => [param, valueOf(postedData, field)]);
      if (action.method === 'GET') {
        for (const [name, value] of fields) url.searchParams.append(name, value);
        requests.push({ url: url.toString(), method: 'GET', headers, body: null, contentType: null });
      } else {
        requests.push({ url: url.toString(), method: 'POST', headers, body: new URLSearchParams(fields).toString(), contentType: 'application/x-www-form-urlencoded' });
      }
      continue;
    }
    requests.push({
      url: url.toString(),
      method: action.method,
      headers,
      body: fillTemplate(action.template, action.format, postedData),
      contentType: action.format === 'json' ? 'application/json' : 'application/xml',
    });
  }
  return requests;
}
