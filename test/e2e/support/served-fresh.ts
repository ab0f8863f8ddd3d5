// A page as the server serves it to a new visitor, for the "live within 5 s" checks: each
// request on a new connection (no keep-alive), so requests in a row reach the cluster's
// processes in turn (its primary hands out connections round robin); a kept-alive connection
// (fetch's default) would ask the same process every time.
import http from 'node:http';

export function servedFresh(url: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent: false, headers: { accept: 'text/html', connection: 'close' } }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        body += chunk;
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

/** What `read` makes of `url` served four times in a row, on new connections: both processes of a two-process cluster answer. */
export async function servedByEveryProcess<T>(url: string, read: (served: { status: number; body: string }) => T): Promise<T[]> {
  const answers: T[] = [];
  for (let request = 0; request < 4; request += 1) answers.push(read(await servedFresh(url)));
  return answers;
}
