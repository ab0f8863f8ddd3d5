import http from 'node:http';

/*
 * A client of the operations tests that speaks from a chosen loopback address (any 127.x.y.z
 * reaches the host on Linux), so nginx sees several distinct clients, each with its own cookie
 * jar, as a browser keeps the nonce's cookie.
 */

/** A browser's user agent: the spam filters hold a message without one (README, "The contact form"). */
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface Client {
  readonly address: string;
  request(method: string, url: string, options?: { headers?: Record<string, string>; body?: Buffer | string; timeoutMs?: number }): Promise<Answer>;
}

export function clientFrom(address: string): Client {
  let cookie: string | undefined;
  return {
    address,
    request(method, url, options = {}) {
      return new Promise<Answer>((resolve, reject) => {
        const headers: Record<string, string> = { 'user-agent': BROWSER, ...options.headers };
        if (cookie !== undefined && headers.cookie === undefined) headers.cookie = cookie;
        if (options.body !== undefined) headers['content-length'] = String(Buffer.byteLength(options.body));
        const request = http.request(url, { method, headers, localAddress: address, agent: false }, (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => {
            const setCookie = response.headers['set-cookie']?.[0];
            if (setCookie !== undefined) cookie = setCookie.split(';')[0];
            resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString('utf8') });
          });
          response.on('error', reject);
        });
        request.setTimeout(options.timeoutMs ?? 30_000, () => request.destroy(new Error(`no answer within ${options.timeoutMs ?? 30_000} ms`)));
        request.on('error', reject);
        request.end(options.body);
      });
    },
  };
}

/** A multipart body as a browser's FormData encodes it. */
export async function multipartOf(fields: Record<string, string>, file?: { field: string; name: string; type: string; bytes: Buffer }): Promise<{ body: Buffer; contentType: string }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file !== undefined) form.append(file.field, new File([new Uint8Array(file.bytes)], file.name, { type: file.type }));
  const encoded = new Response(form);
  return { body: Buffer.from(await encoded.arrayBuffer()), contentType: encoded.headers.get('content-type') ?? '' };
}
