import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * A local stand-in for Brevo's REST API v3 (README.md "The newsletter service (Brevo)"), speaking
 * the parts the server uses the way Brevo does: the `api-key` header (401 `unauthorized`),
 * `POST /v3/contacts` (201 with an id, 204 when `updateEnabled` updates, 400
 * `duplicate_parameter` without it, 400 `invalid_parameter` for a bad body), `PUT` and `DELETE
 * /v3/contacts/{email}` (204, 404 `document_not_found`), and `GET /v3/contacts` with
 * `modifiedSince`, `limit` (at most 1000) and `offset`, answering `{contacts, count}`. Tests can
 * make it answer 429 with Retry-After, or 5xx for a while, and change a contact "in Brevo".
 */

export interface StandInContact {
  id: number;
  email: string;
  emailBlacklisted: boolean;
  listIds: number[];
  attributes: Record<string, unknown>;
  createdAt: string;
  modifiedAt: string;
}

export interface StandInRequest {
  method: string;
  path: string;
  body: unknown;
}

export interface BrevoStandIn {
  url: string;
  apiKey: string;
  contacts: Map<string, StandInContact>;
  /** Every request that reached it, in order (refused ones too). */
  requests: StandInRequest[];
  /** Answer every request with this status until cleared (503: Brevo down). */
  failWith: number | null;
  /** Answer the next requests 429 with this Retry-After (seconds), `times` times. */
  rateLimit(times: number, retryAfterSeconds: number): void;
  /** A change made by someone in Brevo (an unsubscribe, a list left): its modifiedAt moves on. */
  changeInBrevo(email: string, change: Partial<Pick<StandInContact, 'emailBlacklisted' | 'listIds'>>): void;
  close(): Promise<void>;
}

export async function startBrevoStandIn(options: { apiKey?: string; clock?: () => number } = {}): Promise<BrevoStandIn> {
  const apiKey = options.apiKey ?? 'xkeysib-test-key';
  const clock = options.clock ?? Date.now;
  const contacts = new Map<string, StandInContact>();
  const requests: StandInRequest[] = [];
  let nextId = 1;
  let limited = { times: 0, retryAfter: 0 };
  // Brevo's modifiedAt has milliseconds; each change here is at least 1 ms after the last.
  let lastStamp = 0;
  const stamp = () => new Date((lastStamp = Math.max(lastStamp + 1, clock()))).toISOString();

  const standIn: BrevoStandIn = {
    url: '',
    apiKey,
    contacts,
    requests,
    failWith: null,
    rateLimit(times, retryAfterSeconds) {
      limited = { times, retryAfter: retryAfterSeconds };
    },
    changeInBrevo(email, change) {
      const contact = contacts.get(email);
      if (contact === undefined) throw new Error(`no contact ${email} in the stand-in`);
      Object.assign(contact, change, { modifiedAt: stamp() });
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };

  function answer(response: ServerResponse, status: number, body?: unknown, headers: Record<string, string> = {}) {
    response.writeHead(status, { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers });
    response.end(body === undefined ? undefined : JSON.stringify(body));
  }

  async function readJson(request: IncomingMessage): Promise<unknown> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    if (text === '') return undefined;
    return JSON.parse(text);
  }

  const isIdList = (value: unknown): value is number[] => Array.isArray(value) && value.every((id) => Number.isInteger(id) && id > 0);
  const isEmail = (value: unknown): value is string => typeof value === 'string' && /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(value);

  const server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://stand-in.invalid');
      let body: unknown;
      try {
        body = await readJson(request);
      } catch {
        requests.push({ method: request.method ?? '', path: url.pathname + url.search, body: null });
        return answer(response, 400, { code: 'invalid_parameter', message: 'The body is not JSON' });
      }
      requests.push({ method: request.method ?? '', path: url.pathname + url.search, body });
      if (request.headers['api-key'] !== apiKey) return answer(response, 401, { code: 'unauthorized', message: 'Key not found' });
      if (standIn.failWith !== null) return answer(response, standIn.failWith, { code: 'internal_error', message: 'Service unavailable' });
      if (limited.times > 0) {
        limited.times -= 1;
        return answer(response, 429, { code: 'too_many_requests', message: 'Too many requests' }, { 'retry-after': String(limited.retryAfter) });
      }
      const contactMatch = /^\/v3\/contacts\/([^/]+)$/.exec(url.pathname);
      if (request.method === 'POST' && url.pathname === '/v3/contacts') {
        const given = body as { email?: unknown; attributes?: unknown; listIds?: unknown; updateEnabled?: unknown; emailBlacklisted?: unknown } | undefined;
        if (!isEmail(given?.email)) return answer(response, 400, { code: 'invalid_parameter', message: 'Invalid email address' });
        if (given.listIds !== undefined && !isIdList(given.listIds)) return answer(response, 400, { code: 'invalid_parameter', message: 'listIds should be an array of ids' });
        if (given.attributes !== undefined && (typeof given.attributes !== 'object' || given.attributes === null)) return answer(response, 400, { code: 'invalid_parameter', message: 'attributes should be an object' });
        const email = given.email.toLowerCase();
        const existing = contacts.get(email);
        if (existing !== undefined) {
          if (given.updateEnabled !== true) return answer(response, 400, { code: 'duplicate_parameter', message: 'Contact already exist' });
          Object.assign(existing, {
            attributes: { ...existing.attributes, ...((given.attributes as object | undefined) ?? {}) },
            listIds: [...new Set([...existing.listIds, ...((given.listIds as number[] | undefined) ?? [])])],
            ...(typeof given.emailBlacklisted === 'boolean' ? { emailBlacklisted: given.emailBlacklisted } : {}),
            modifiedAt: stamp(),
          });
          return answer(response, 204);
        }
        const at = stamp();
        const contact = { id: nextId++, email, emailBlacklisted: given.emailBlacklisted === true, listIds: (given.listIds as number[] | undefined) ?? [], attributes: (given.attributes as Record<string, unknown> | undefined) ?? {}, createdAt: at, modifiedAt: at };
        contacts.set(email, contact);
        return answer(response, 201, { id: contact.id });
      }
      if (contactMatch !== null && (request.method === 'PUT' || request.method === 'DELETE')) {
        const email = decodeURIComponent(contactMatch[1]!).toLowerCase();
        const contact = contacts.get(email);
        if (contact === undefined) return answer(response, 404, { code: 'document_not_found', message: 'Contact does not exist' });
        if (request.method === 'DELETE') {
          contacts.delete(email);
          return answer(response, 204);
        }
        const given = (body ?? {}) as { emailBlacklisted?: unknown; listIds?: unknown; unlinkListIds?: unknown };
        if ((given.listIds !== undefined && !isIdList(given.listIds)) || (given.unlinkListIds !== undefined && !isIdList(given.unlinkListIds))) {
          return answer(response, 400, { code: 'invalid_parameter', message: 'listIds and unlinkListIds should be arrays of ids' });
        }
        if (typeof given.emailBlacklisted === 'boolean') contact.emailBlacklisted = given.emailBlacklisted;
        if (isIdList(given.listIds)) contact.listIds = [...new Set([...contact.listIds, ...given.listIds])];
        if (isIdList(given.unlinkListIds)) contact.listIds = contact.listIds.filter((id) => !(given.unlinkListIds as number[]).includes(id));
        contact.modifiedAt = stamp();
        return answer(response, 204);
      }
      if (request.method === 'GET' && url.pathname === '/v3/contacts') {
        const limit = Number(url.searchParams.get('limit') ?? '50');
        const offset = Number(url.searchParams.get('offset') ?? '0');
        const since = url.searchParams.get('modifiedSince');
        if (!Number.isInteger(limit) || limit < 1 || limit > 1000 || !Number.isInteger(offset) || offset < 0 || (since !== null && Number.isNaN(Date.parse(since)))) {
          return answer(response, 400, { code: 'invalid_parameter', message: 'limit, offset or modifiedSince is not valid' });
        }
        const matching = [...contacts.values()].filter((contact) => since === null || Date.parse(contact.modifiedAt) > Date.parse(since)).sort((a, b) => a.modifiedAt.localeCompare(b.modifiedAt));
        return answer(response, 200, { contacts: matching.slice(offset, offset + limit), count: matching.length });
      }
      return answer(response, 404, { code: 'document_not_found', message: 'Not found' });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  standIn.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return standIn;
}
