/** The encodings the server has precompressed twins for, best first. */
export type ContentEncoding = 'br' | 'gzip' | 'identity';

/**
 * The best of brotli and gzip that an Accept-Encoding header allows (q > 0, or `*`), else
 * identity. Brotli wins when both are acceptable: the twins are smaller, and every current
 * browser sends `gzip, deflate, br`.
 */
export function preferredEncoding(header: string | string[] | undefined): ContentEncoding {
  if (header === undefined) return 'identity';
  const weights = new Map<string, number>();
  for (const part of (Array.isArray(header) ? header.join(',') : header).split(',')) {
    const [rawName = '', ...parameters] = part.split(';');
    const name = rawName.trim().toLowerCase();
    if (name === '') continue;
    const q = parameters.map((parameter) => /^\s*q\s*=\s*([0-9.]+)\s*$/i.exec(parameter)?.[1]).find((value) => value !== undefined);
    weights.set(name === 'x-gzip' ? 'gzip' : name, q === undefined ? 1 : Number(q));
  }
  const accepts = (encoding: string) => (weights.get(encoding) ?? weights.get('*') ?? 0) > 0;
  if (accepts('br')) return 'br';
  return accepts('gzip') ? 'gzip' : 'identity';
}
