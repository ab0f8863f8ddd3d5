import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from '@20minutes/s3rver';

/*
 * A local S3-compatible server for the off-site copies' tests (README.md, "Backups and
 * restore"): @20minutes/s3rver on 127.0.0.1, its bucket in a temporary folder, reached through
 * the real client (@aws-sdk/client-s3) the server uses. It can be taken down and brought back on
 * the same port with the same objects (an outage). It takes any signature from its one key (it
 * computes some canonical requests differently from the SDK); an unknown key id is still refused,
 * and the signing itself is the SDK's, which real S3, B2 and R2 check.
 */

export const STAND_IN_KEY = { id: 'S3RVER', secret: 'S3RVER' };

export interface S3StandIn {
  /** BACKUP_S3_URL for this server's bucket, under `prefix`. */
  url(prefix?: string, key?: { id: string; secret: string }): string;
  bucket: string;
  port: number;
  /** The objects' keys in the bucket (`prefix/name`), sorted. */
  keys(): Promise<string[]>;
  /** An object's bytes. */
  read(key: string): Promise<Buffer>;
  /** Takes it down: connections refused until `start()`. */
  stop(): Promise<void>;
  /** Brings it back on the same port with the same objects. */
  start(): Promise<void>;
  cleanup(): Promise<void>;
}

export async function startS3StandIn(bucket = 'site-backups'): Promise<S3StandIn> {
  const directory = await mkdtemp(path.join(tmpdir(), 'site-test-s3-'));
  let port = 0;
  let server: S3rver | null = null;
  const start = async () => {
    server = new S3rver({ address: '127.0.0.1', port, silent: true, directory, configureBuckets: [{ name: bucket }], allowMismatchedSignatures: true });
    port = (await server.run()).port;
  };
  const stop = async () => {
    if (server === null) return;
    const running = server;
    server = null;
    // The client keeps its connections alive: closed at once, as a server that went down.
    running.httpServer.closeAllConnections();
    await running.close();
  };
  await start();
  return {
    url: (prefix = '', key = STAND_IN_KEY) => `s3+http://${encodeURIComponent(key.id)}:${encodeURIComponent(key.secret)}@127.0.0.1:${port}/${bucket}${prefix === '' ? '' : `/${prefix}`}`,
    bucket,
    get port() {
      return port;
    },
    async keys() {
      // The store keeps each object as a file named `<key>._S3rver_object` under the bucket's folder.
      const found: string[] = [];
      const walk = async (folder: string, prefix: string) => {
        for (const entry of await readdir(folder, { withFileTypes: true }).catch(() => [])) {
          if (entry.isDirectory()) await walk(path.join(folder, entry.name), `${prefix}${entry.name}/`);
          else if (entry.name.endsWith('._S3rver_object')) found.push(`${prefix}${entry.name.slice(0, -'._S3rver_object'.length)}`);
        }
      };
      await walk(path.join(directory, bucket), '');
      return found.sort();
    },
    read: (key) => readFile(path.join(directory, bucket, `${key}._S3rver_object`)),
    stop,
    start,
    async cleanup() {
      await stop();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
