/*
 * The text fields of a small multipart/form-data body (RFC 7578), read in one pass over the
 * buffer. What browsers send for a form or a FormData (a beacon, a CF7 submission) is parsed
 * the same as by the platform's own parser (undici's Response.formData(), which the tests
 * compare it with), at a fraction of its cost: that parser builds web streams, Blobs and
 * a FormData for every request, which was most of a click beacon's time on the server.
 * File parts are skipped (the routes that take files read them elsewhere); a body that does
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

/** The name (and whether it is a file) from a part's Content-Disposition header. */
function dispositionOf(headers: string): { name: string; file: boolean } | null {
  // The browsers' own form, read at once (most of a beacon's parsing time went to the general
  // reading below); a name with a quote, CR, LF or % in it takes the general way.
  if (headers.startsWith(TEXT_FIELD_HEADER) && headers.endsWith('"')) {
    const name = headers.slice(TEXT_FIELD_HEADER.length, -1);
    if (!/["\r\n%]/.test(name)) return { name, file: false };
  }
  let name: string | null = null;
  let file = false;
  for (const line of headers.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon === -1 || line.slice(0, colon).trim().toLowerCase() !== 'content-disposition') continue;
    const value = line.slice(colon + 1).trimEnd();
    const type = /^\s*form-data\s*/i.exec(value);
    if (!type) return null;
    PARAMETER.lastIndex = type[0].length;
    for (let match = PARAMETER.exec(value); match; match = PARAMETER.exec(value)) {
      const key = match[1]!.toLowerCase();
      // Browsers percent-encode ", CR and LF in names and file names (the HTML standard).
      if (key === 'name') name = (match[2] ?? match[3] ?? '').replace(/%22/g, '"').replace(/%0D/gi, '\r').replace(/%0A/gi, '\n');
      else if (key === 'filename' || key === 'filename*') file = true;
    }
  }
  return name === null ? null : { name, file };
}

export function multipartTextFields(body: Buffer, contentType: string): TextFields | null {
  const boundary = boundaryOf(contentType);
  if (boundary === null) return null;
  const delimiter = Buffer.from(`--${boundary}`);
  const between = Buffer.from(`\r\n--${boundary}`);
  // The first delimiter: at the start, or after a preamble ending in CRLF.
  let at = body.subarray(0, delimiter.length).equals(delimiter) ? 0 : body.indexOf(between);
  if (at === -1) return null;
  at += at === 0 ? delimiter.length : between.length;
  const fields: TextFields = [];
  for (;;) {
    // After a delimiter: "--" ends the body, else (optional whitespace) CRLF and a part.
    if (body[at] === 0x2d && body[at + 1] === 0x2d) return fields;
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
    if (!disposition.file) fields.push([disposition.name, body.toString('utf8', contentStart, contentEnd)]);
    at = contentEnd + between.length;
  }
}
