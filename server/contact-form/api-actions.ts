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
 * JSON template a value is a JSON string's content, in XML it is escaped text.
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

/**
 * A header's value: as written, or, for `env:NAME`, the server's environment variable NAME, so
 * an API token lives in the server's configuration, never in the repository's content.
 */
function headerValue(value: string, env: Readonly<Record<string, string | undefined>>, log: { warn(details: object, text: string): void }): string {
  const name = /^env:([A-Z][A-Z0-9_]*)$/.exec(value)?.[1];
  if (name === undefined) return value;
  const resolved = env[name];
  if (resolved === undefined) log.warn({ variable: name }, 'API action header names an environment variable that is not set: sent empty');
  return (resolved ?? '').replace(/[\r\n]/g, '');
}

export function apiRequestsOf(
  form: FormDefinition,
  postedData: PostedData,
  log: { warn(details: object, text: string): void },
  env: Readonly<Record<string, string | undefined>> = process.env,
): OutboxRequest[] {
  const requests: OutboxRequest[] = [];
  for (const action of applicableActions(form, postedData).filter(isApiAction)) {
    // The origin is unused: an API action's URL is always an outside https URL.
    const url = actionUrl(form, action.url, 'https://invalid.invalid');
    if (url === null || action.url.startsWith('/')) {
      log.warn({ form: form.id, url: action.url }, 'API action to a host not on allowedHosts: left out');
      continue;
    }
    const headers = (action.headers ?? []).map(({ name, value }): [string, string] => [name, headerValue(value, env, log)]);
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
