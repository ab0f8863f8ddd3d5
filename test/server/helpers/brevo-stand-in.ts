import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * A local stand-in for Brevo's REST API v3, speaking the parts the server uses as README.md "The
 * newsletter service (Brevo)" describes them:
 *  - the `api-key` header (401 `unauthorized`);
 *  - `POST /v3/contacts` (createContact): `email`, `ext_id`, `attributes`, `emailBlacklisted`,
 *    `smsBlacklisted`, `listIds`, `updateEnabled`, `smtpBlacklistSender` and nothing else (no
 *    `unlinkListIds`: only the PUT has it); `email` is needed only without `ext_id` and
 *    `attributes.SMS`; an attribute's value is a number, a text, a boolean or a list of texts (no
 *    `null`: 400 `invalid_parameter`), and an empty text leaves the attribute without a value.
 *    201 with an id, 204 when `updateEnabled` updates (only the fields given;
 *    `listIds` adds), 400 `duplicate_parameter` without it, or when the SMS number is another
 *    contact's (`metadata.duplicate_identifiers: ["SMS"]`), 400 `invalid_parameter` for a bad body;
 *  - `PUT /v3/contacts/{identifier}` (updateContact): `listIds` adds, `unlinkListIds` removes,
 *    `emailBlacklisted` and `smsBlacklisted` set or unset, `attributes` as for the POST (an
 *    empty text clears one); 204, 404 `document_not_found`;
 *  - `DELETE /v3/contacts/{identifier}`: 204, 404, and 405 `method_not_allowed` for the account's
 *    own registered address (`accountEmail`);
 *  - `GET /v3/contacts` with `modifiedSince`, `limit` (at most 1000) and `offset`, answering
 *    `{contacts, count}`; a contact made from an SMS number or `ext_id` alone has no `email`.
 * Tests can make it answer 429 with Brevo's rate-limit headers (`x-sib-ratelimit-limit`,
 * `-remaining`, `-reset` in seconds; no Retry-After), 425 Too Early to a POST or PUT, or 5xx for a
 * while, a `duplicate_parameter` that names its field only in its message, and change or add a
 * contact "in Brevo".
 */

export interface StandInContact {
  id: number;
  /** Optional (README.md "The newsletter service (Brevo)"): a contact made from an SMS number or ext_id has none. */
  email?: string;
  emailBlacklisted: boolean;
  smsBlacklisted: boolean;
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
  /** The contacts by address; one without an address under `#<id>`. */
  contacts: Map<string, StandInContact>;
  /** Every request that reached it, in order (refused ones too). */
  requests: StandInRequest[];
  /** Answer every request with this status until cleared (503: Brevo down). */
  failWith: number | null;
  /** Answer the next requests 429 with `x-sib-ratelimit-reset` (seconds), `times` times. */
  rateLimit(times: number, resetSeconds: number): void;
  /** Answer the next POSTs and PUTs of contacts 425 Too Early, `times` times. */
  tooEarly(times: number): void;
  /** Answer the next POST or PUT of a contact 400 `duplicate_parameter` with this message and no `metadata`. */
  duplicateNext(message: string): void;
  /** A change made by someone in Brevo (an unsubscribe, a list left): its modifiedAt moves on. */
  changeInBrevo(email: string, change: Partial<Pick<StandInContact, 'emailBlacklisted' | 'listIds'>>): void;
  /** A contact made by someone in Brevo (from an SMS number alone, say). */
  addInBrevo(contact: Partial<Pick<StandInContact, 'email' | 'listIds' | 'attributes' | 'emailBlacklisted'>>): StandInContact;
  close(): Promise<void>;
}

const CREATE_FIELDS = new Set(['email', 'ext_id', 'attributes', 'emailBlacklisted', 'smsBlacklisted', 'listIds', 'updateEnabled', 'smtpBlacklistSender']);
const UPDATE_FIELDS = new Set(['attributes', 'ext_id', 'emailBlacklisted', 'smsBlacklisted', 'listIds', 'unlinkListIds', 'smtpBlacklistSender']);
const RATE_LIMIT = 100;

export async function startBrevoStandIn(options: { apiKey?: string; clock?: () => number; accountEmail?: string } = {}): Promise<BrevoStandIn> {
  const apiKey = options.apiKey ?? 'xkeysib-test-key';
  const clock = options.clock ?? Date.now;
  const contacts = new Map<string, StandInContact>();
  const requests: StandInRequest[] = [];
  let nextId = 1;
  let limited = { times: 0, reset: 0 };
  let early = 0;
  let duplicateMessage: string | null = null;
  // Brevo's modifiedAt has milliseconds; each change here is at least 1 ms after the last.
  let lastStamp = 0;
  const stamp = () => new Date((lastStamp = Math.max(lastStamp + 1, clock()))).toISOString();
  const keyOf = (contact: StandInContact) => contact.email ?? `#${contact.id}`;
  const holderOfSms = (sms: unknown, except: StandInContact | undefined) =>
    sms === undefined || sms === '' ? undefined : [...contacts.values()].find((contact) => contact !== except && contact.attributes.SMS === sms);

  function create(fields: Partial<Pick<StandInContact, 'email' | 'listIds' | 'attributes' | 'emailBlacklisted'>>): StandInContact {
    const at = stamp();
    const contact: StandInContact = { id: nextId++, emailBlacklisted: false, smsBlacklisted: false, listIds: [], attributes: {}, createdAt: at, modifiedAt: at, ...fields };
    contacts.set(keyOf(contact), contact);
    return contact;
  }

  const standIn: BrevoStandIn = {
    url: '',
    apiKey,
    contacts,
    requests,
    failWith: null,
    rateLimit(times, resetSeconds) {
      limited = { times, reset: resetSeconds };
    },
    tooEarly(times) {
      early = times;
    },
    duplicateNext(message) {
      duplicateMessage = message;
    },
    changeInBrevo(email, change) {
      const contact = contacts.get(email);
      if (contact === undefined) throw new Error(`no contact ${email} in the stand-in`);
      Object.assign(contact, change, { modifiedAt: stamp() });
    },
    addInBrevo: (fields) => create(fields),
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
  const unknownField = (given: object, known: Set<string>) => Object.keys(given).find((name) => !known.has(name));
  const isAttributeValue = (value: unknown) =>
    typeof value === 'number' || typeof value === 'string' || typeof value === 'boolean' || (Array.isArray(value) && value.every((item) => typeof item === 'string'));
  /** Why `attributes` is refused, or null: an object of attribute values. */
  const attributesProblem = (attributes: unknown): string | null => {
    if (attributes === undefined) return null;
    if (typeof attributes !== 'object' || attributes === null || Array.isArray(attributes)) return 'attributes should be an object';
    const bad = Object.entries(attributes).find(([, value]) => !isAttributeValue(value));
    return bad === undefined ? null : `attributes.${bad[0]} should be a number, a text, a boolean or a list of texts`;
  };
  /** `current` with `given` applied: an empty text leaves an attribute without a value. */
  const withAttributes = (current: Record<string, unknown>, given: Record<string, unknown>) => {
    const next = { ...current };
    for (const [name, value] of Object.entries(given)) {
      if (value === '') delete next[name];
      else next[name] = value;
    }
    return next;
  };
  const duplicateSms = { code: 'duplicate_parameter', message: 'Unable to update contact, SMS is already associated with another Contact', metadata: { duplicate_identifiers: ['SMS'] } };

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
        return answer(response, 429, { code: 'too_many_requests', message: 'Too many requests' }, { 'x-sib-ratelimit-limit': String(RATE_LIMIT), 'x-sib-ratelimit-remaining': '0', 'x-sib-ratelimit-reset': String(limited.reset) });
      }
      const contactMatch = /^\/v3\/contacts\/([^/]+)$/.exec(url.pathname);
      const writing = (request.method === 'POST' && url.pathname === '/v3/contacts') || (contactMatch !== null && request.method === 'PUT');
      if (writing && early > 0) {
        // 425 for creating and updating a contact, with the error body alone (README.md "The newsletter service (Brevo)").
        early -= 1;
        return answer(response, 425, { code: 'account_in_process', message: 'Too Early' });
      }
      if (writing && duplicateMessage !== null) {
        const message = duplicateMessage;
        duplicateMessage = null;
        return answer(response, 400, { code: 'duplicate_parameter', message });
      }
      if (request.method === 'POST' && url.pathname === '/v3/contacts') {
        const given = body as { email?: unknown; ext_id?: unknown; attributes?: unknown; listIds?: unknown; updateEnabled?: unknown; emailBlacklisted?: unknown } | undefined;
        if (typeof given !== 'object' || given === null) return answer(response, 400, { code: 'invalid_parameter', message: 'The body should be an object' });
        const unknown = unknownField(given, CREATE_FIELDS);
        if (unknown !== undefined) return answer(response, 400, { code: 'invalid_parameter', message: `${unknown} is not a parameter of this request` });
        const createProblem = attributesProblem(given.attributes);
        if (createProblem !== null) return answer(response, 400, { code: 'invalid_parameter', message: createProblem });
        const attributes = (given.attributes as Record<string, unknown> | undefined) ?? {};
        if (given.email === undefined && given.ext_id === undefined && attributes.SMS === undefined) return answer(response, 400, { code: 'missing_parameter', message: 'email, ext_id or attributes.SMS is required' });
        if (given.email !== undefined && !isEmail(given.email)) return answer(response, 400, { code: 'invalid_parameter', message: 'Invalid email address' });
        if (given.listIds !== undefined && !isIdList(given.listIds)) return answer(response, 400, { code: 'invalid_parameter', message: 'listIds should be an array of ids' });
        const email = isEmail(given.email) ? given.email.toLowerCase() : undefined;
        const existing = email === undefined ? undefined : contacts.get(email);
        if (existing !== undefined && given.updateEnabled !== true) return answer(response, 400, { code: 'duplicate_parameter', message: 'Contact already exist', metadata: { duplicate_identifiers: ['email'] } });
        if (holderOfSms(attributes.SMS, existing) !== undefined) return answer(response, 400, duplicateSms);
        if (existing !== undefined) {
          // updateEnabled: only the fields given change; listIds adds.
          Object.assign(existing, {
            attributes: withAttributes(existing.attributes, attributes),
            listIds: [...new Set([...existing.listIds, ...((given.listIds as number[] | undefined) ?? [])])],
            ...(typeof given.emailBlacklisted === 'boolean' ? { emailBlacklisted: given.emailBlacklisted } : {}),
            modifiedAt: stamp(),
          });
          return answer(response, 204);
        }
        const contact = create({ ...(email === undefined ? {} : { email }), emailBlacklisted: given.emailBlacklisted === true, listIds: (given.listIds as number[] | undefined) ?? [], attributes: withAttributes({}, attributes) });
        return answer(response, 201, { id: contact.id });
      }
      if (contactMatch !== null && (request.method === 'PUT' || request.method === 'DELETE')) {
        const email = decodeURIComponent(contactMatch[1]!).toLowerCase();
        const contact = contacts.get(email);
        if (contact === undefined) return answer(response, 404, { code: 'document_not_found', message: 'Contact does not exist' });
        if (request.method === 'DELETE') {
          if (email === options.accountEmail) return answer(response, 405, { code: 'method_not_allowed', message: "You're not allowed to delete registered email contact with Brevo" });
          contacts.delete(email);
          return answer(response, 204);
        }
        const given = (body ?? {}) as { emailBlacklisted?: unknown; smsBlacklisted?: unknown; listIds?: unknown; unlinkListIds?: unknown; attributes?: unknown };
        const unknown = unknownField(given, UPDATE_FIELDS);
        if (unknown !== undefined) return answer(response, 400, { code: 'invalid_parameter', message: `${unknown} is not a parameter of this request` });
        if ((given.listIds !== undefined && !isIdList(given.listIds)) || (given.unlinkListIds !== undefined && !isIdList(given.unlinkListIds))) {
          return answer(response, 400, { code: 'invalid_parameter', message: 'listIds and unlinkListIds should be arrays of ids' });
        }
        const updateProblem = attributesProblem(given.attributes);
        if (updateProblem !== null) return answer(response, 400, { code: 'invalid_parameter', message: updateProblem });
        const attributes = (given.attributes as Record<string, unknown> | undefined) ?? {};
        if (holderOfSms(attributes.SMS, contact) !== undefined) return answer(response, 400, duplicateSms);
        contact.attributes = withAttributes(contact.attributes, attributes);
        if (typeof given.emailBlacklisted === 'boolean') contact.emailBlacklisted = given.emailBlacklisted;
        if (typeof given.smsBlacklisted === 'boolean') contact.smsBlacklisted = given.smsBlacklisted;
        if (isIdList(given.listIds)) contact.listIds = [...new Set([...contact.listIds, ...given.listIds])];
        if (isIdList(given.unlinkListIds)) contact.listIds = contact.listIds.filter((id) => !(given.unlinkListIds as number[]).includes(id));
        contact.modifiedAt = stamp();
        return answer(response, 204);
      }
      if (request.method === 'GET' && url.pathname === '/v3/contacts') {
        const limit = Number(url.searchParams.get('limit') ?? '50');
        const offset = Number(url.searchParams.get('offset') ?? '0');
        const since = url.searchParams.get('modifiedSince');
        if (!Number.isInteger(limit) || limit < 0 || limit > 1000 || !Number.isInteger(offset) || offset < 0 || (since !== null && Number.isNaN(Date.parse(since)))) {
          return answer(response, 400, { code: 'invalid_parameter', message: 'limit, offset or modifiedSince is not valid' });
        }
        // `sort` orders by creation, newest first unless `asc`.
        const order = url.searchParams.get('sort') === 'asc' ? 1 : -1;
        const matching = [...contacts.values()].filter((contact) => since === null || Date.parse(contact.modifiedAt) > Date.parse(since)).sort((a, b) => order * (a.id - b.id));
        return answer(response, 200, { contacts: matching.slice(offset, offset + limit), count: matching.length });
      }
      return answer(response, 404, { code: 'document_not_found', message: 'Not found' });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  standIn.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return standIn;
}
