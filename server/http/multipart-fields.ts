/*
 * The parts of a small multipart/form-data body (RFC 7578), read in one pass over the buffer.
 * What browsers send for a form or a FormData (a beacon, a CF7 submission) is parsed the same
 * as by the platform's own parser (undici's Response.formData(), which the tests compare it
 * with), at a fraction of its cost: that parser builds web streams, Blobs and a FormData for
 * every request, which was most of a click beacon's time on the server (and a streaming
 * parser's events and buffers were a fifth of a contact form submission's). A body that does
 * not follow the format gives null.
 */

export type TextFields = Array<[string, string]>;

/** The boundary parameter of a multipart Content-Type, quoted or not; null when missing or invalid. */
export function boundaryOf(contentType: string): string | null {
  const match = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;"]{1,70}))/i.exec(contentType);
  return match?.[1] ?? match?.[2] ?? null;
}

const CRLF = Buffer.from('\r\n');
const HEADERS_END = Buffer.from('\r\n\r\n');

/** Parameters after `form-data`: `; key="quoted"` (browsers never escape inside) or `; key=token`. */
const PARAMETER = /;\s*([^\s=;]+)\s*=\s*(?:"([^"]*)"|([^\s;"]*))/y;

/** How every browser heads a text field: that header alone, the name quoted. */
const TEXT_FIELD_HEADER = 'Content-Disposition: form-data; name="';

/** A part of the body: where its content lies, not a copy. */
export interface BodyPart {
  name: string;
  /** The file name a file part carries (possibly ''); null for a text field. */
  filename: string | null;
  /** The content is body[start, end). */
  start: number;
  end: number;
}

/** Browsers percent-encode ", CR and LF in names and file names (the HTML standard). */
const unescapeQuoted = (value: string) => value.replace(/%22/g, '"').replace(/%0D/gi, '\r').replace(/%0A/gi, '\n');

/** RFC 5987's `filename*=UTF-8''…`; as sent when it cannot be decoded. */
function extendedValue(value: string): string {
  const match = /^utf-8'[^']*'(.*)$/i.exec(value);
  if (match === null) return value;
  try {
    return decodeURIComponent(match[1]!);
  } catch {
    return value;
  }
}

/** The name (and file name, for a file) from a part's Content-Disposition header. */
function dispositionOf(headers: string): { name: string; filename: string | null } | null {
  // The browsers' own form, read at once (most of a beacon's parsing time went to the general
  // reading below); a name with a quote, CR, LF or % in it takes the general way.
  if (headers.startsWith(TEXT_FIELD_HEADER) && headers.endsWith('"')) {
    const name = headers.slice(TEXT_FIELD_HEADER.length, -1);
    if (!/["\r\n%]/.test(name)) return { name, filename: null };
  }
  let name: string | null = null;
  let filename: string | null = null;
  let extended: string | null = null;
  for (const line of headers.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon === -1 || line.slice(0, colon).trim().toLowerCase() !== 'content-disposition') continue;
    const value = line.slice(colon + 1).trimEnd();
    const type = /^\s*form-data\s*/i.exec(value);
    if (!type) return null;
    PARAMETER.lastIndex = type[0].length;
    for (let match = PARAMETER.exec(value); match; match = PARAMETER.exec(value)) {
      const key = match[1]!.toLowerCase();
      const raw = match[2] ?? match[3] ?? '';
      if (key === 'name') name = unescapeQuoted(raw);
      else if (key === 'filename') filename = unescapeQuoted(raw);
      else if (key === 'filename*') extended = extendedValue(raw);
    }
  }
  return name === null ? null : { name, filename: extended ?? filename };
}

/** The text fields alone: file parts are skipped (the routes that take files read them elsewhere). */
export function multipartTextFields(body: Buffer, contentType: string): TextFields | null {
  const parts = multipartParts(body, contentType);
  if (parts === null) return null;
  const fields: TextFields = [];
  for (const part of parts) if (part.filename === null) fields.push([part.name, body.toString('utf8', part.start, part.end)]);
  return fields;
}

export function multipartParts(body: Buffer, contentType: string): BodyPart[] | null {
  const boundary = boundaryOf(contentType);
  if (boundary === null) return null;
  const delimiter = Buffer.from(`--${boundary}`);
  const between = Buffer.from(`\r\n--${boundary}`);
  // The first delimiter: at the start, or after a preamble ending in CRLF.
  let at = body.subarray(0, delimiter.length).equals(delimiter) ? 0 : body.indexOf(between);
  if (at === -1) return null;
  at += at === 0 ? delimiter.length : between.length;
  const parts: BodyPart[] = [];
  for (;;) {
    // After a delimiter: "--" ends the body, else (optional whitespace) CRLF and a part.
    if (body[at] === 0x2d && body[at + 1] === 0x2d) return parts;
    while (body[at] === 0x20 || body[at] === 0x09) at += 1;
    if (!body.subarray(at, at + 2).equals(CRLF)) return null;
    at += 2;
    const headersEnd = body.indexOf(HEADERS_END, at);
    if (headersEnd === -1) return null;
    const disposition = dispositionOf(body.toString('utf8', at, headersEnd));
    if (disposition === null) return null;
    const contentStart = headersEnd + HEADERS_END.length;
    const contentEnd = body.indexOf(between, contentStart);
    if (contentEnd === -1) return null;
    parts.push({ name: disposition.name, filename: disposition.filename, start: contentStart, end: contentEnd });
    at = contentEnd + between.length;
  }
}
