// The one-pass multipart reader against the platform's own parser (undici's
// Response.formData()): whatever a browser's FormData encodes, both read the same text fields.
import { describe, expect, it } from 'vitest';
import { boundaryOf, multipartParts, multipartTextFields } from '../../server/http/multipart-fields.ts';

async function encode(form: FormData): Promise<{ body: Buffer; type: string }> {
  const response = new Response(form);
  return { body: Buffer.from(await response.arrayBuffer()), type: response.headers.get('content-type') ?? '' };
}

async function platformFields(body: Buffer, type: string): Promise<Array<[string, string]> | null> {
  try {
    const form = await new Response(new Uint8Array(body), { headers: { 'content-type': type } }).formData();
    return [...form.entries()].filter((entry): entry is [string, string] => typeof entry[1] === 'string');
  } catch {
    return null;
  }
}

/** A small deterministic generator, so a failure names its seed. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

const ALPHABET = ['a', 'Z', '0', ' ', '"', '\r', '\n', '\r\n', '-', '--', ';', '=', ':', 'é', '😀', '%22', '\t', '\\', 'name="x"', 'filename='];

/** A form of up to `maxParts` parts with awkward names and values, a share of them files. */
function randomForm(seed: number, maxParts: number, fileShare: number): FormData {
  const next = random(seed);
  const text = (max: number) => Array.from({ length: Math.floor(next() * max) }, () => ALPHABET[Math.floor(next() * ALPHABET.length)]).join('');
  const form = new FormData();
  const count = 1 + Math.floor(next() * maxParts);
  for (let index = 0; index < count; index += 1) {
    if (next() < fileShare) form.append(text(6) || 'file', new File([text(30)], text(10), { type: 'application/octet-stream' }));
    else form.append(text(8), text(40));
  }
  return form;
}

describe('multipartTextFields', () => {
  it('reads the text fields of what FormData encodes, as the platform does (1,000 random forms)', async () => {
    for (let seed = 1; seed <= 1000; seed += 1) {
      const { body, type } = await encode(randomForm(seed, 6, 0.15));
      expect(multipartTextFields(body, type), `seed ${seed}`).toEqual(await platformFields(body, type));
    }
  });

  it('finds the file parts, their names and contents, as the platform does (500 random forms)', async () => {
    for (let seed = 1; seed <= 500; seed += 1) {
      const { body, type } = await encode(randomForm(seed, 4, 0.6));
      const platform = await new Response(new Uint8Array(body), { headers: { 'content-type': type } }).formData();
      const expected = await Promise.all(
        [...platform.entries()].filter((entry): entry is [string, File] => typeof entry[1] !== 'string').map(async ([name, file]) => [name, file.name, Buffer.from(await file.arrayBuffer()).toString('utf8')]),
      );
      const parts = multipartParts(body, type) ?? [];
      const files = parts.filter((part) => part.filename !== null).map((part) => [part.name, part.filename, body.toString('utf8', part.start, part.end)]);
      expect(files, `seed ${seed}`).toEqual(expected);
    }
  });

  it('reads an RFC 5987 file name (filename*), which takes precedence', () => {
    const text = `--XyZ\r\nContent-Disposition: form-data; name="f"; filename="plain.pdf"; filename*=UTF-8''na%C3%AFve%20brief.pdf\r\n\r\n%PDF\r\n--XyZ--`;
    expect(multipartParts(Buffer.from(text), 'multipart/form-data; boundary=XyZ')).toEqual([{ name: 'f', filename: 'naïve brief.pdf', start: text.indexOf('%PDF'), end: text.indexOf('%PDF') + 4 }]);
  });

  it('reads a Track The Click beacon', async () => {
    const form = new FormData();
    form.append('postID', '7');
    form.append('location', 'https://www.example.co.za/');
    form.append('anchor', 'LinkedIn (opens in a new tab)');
    form.append('target', 'https://www.linkedin.com/company/lumina');
    const { body, type } = await encode(form);
    expect(multipartTextFields(body, type)).toEqual([
      ['postID', '7'],
      ['location', 'https://www.example.co.za/'],
      ['anchor', 'LinkedIn (opens in a new tab)'],
      ['target', 'https://www.linkedin.com/company/lumina'],
    ]);
  });

  const part = (name: string, value: string) => `--XyZ\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;

  it.each([
    ['a quoted boundary and a preamble', 'multipart/form-data; boundary="XyZ"', `preamble\r\n${part('a', '1')}--XyZ--\r\n`, [['a', '1']]],
    ['header names in any case, an unquoted name', 'multipart/form-data; boundary=XyZ', '--XyZ\r\ncontent-DISPOSITION: form-data; name=a\r\nContent-Type: text/plain\r\n\r\n1\r\n--XyZ--', [['a', '1']]],
    ['a value holding the boundary text without CRLF before it', 'multipart/form-data; boundary=XyZ', `${part('a', 'x--XyZ')}--XyZ--`, [['a', 'x--XyZ']]],
  ])('reads %s', (_name, type, text, expected) => {
    expect(multipartTextFields(Buffer.from(text), type)).toEqual(expected);
  });

  it.each([
    ['no boundary', 'multipart/form-data', `${part('a', '1')}--XyZ--`],
    ['no closing delimiter', 'multipart/form-data; boundary=XyZ', `--XyZ\r\nContent-Disposition: form-data; name="a"\r\n\r\n1`],
    ['no blank line after the headers', 'multipart/form-data; boundary=XyZ', '--XyZ\r\nContent-Disposition: form-data; name="a"\r\n1\r\n--XyZ--'],
    ['a part that is not form-data', 'multipart/form-data; boundary=XyZ', '--XyZ\r\nContent-Disposition: attachment; name="a"\r\n\r\n1\r\n--XyZ--'],
    ['a part without a name', 'multipart/form-data; boundary=XyZ', '--XyZ\r\nContent-Disposition: form-data\r\n\r\n1\r\n--XyZ--'],
    ['no delimiter at all', 'multipart/form-data; boundary=XyZ', 'postID=7&location=x'],
    ['an empty body', 'multipart/form-data; boundary=XyZ', ''],
  ])('refuses a body with %s (null, as the platform parser refuses it)', async (_name, type, text) => {
    expect(multipartTextFields(Buffer.from(text), type)).toBeNull();
    expect(await platformFields(Buffer.from(text), type)).toBeNull();
  });

  it('takes the boundary from the Content-Type, quoted or not', () => {
    expect(boundaryOf('multipart/form-data; boundary=----WebKitFormBoundaryAbC123')).toBe('----WebKitFormBoundaryAbC123');
    expect(boundaryOf('multipart/form-data; charset=utf-8; BOUNDARY="a b c"')).toBe('a b c');
    expect(boundaryOf('multipart/form-data; boundary=')).toBeNull();
  });
});
