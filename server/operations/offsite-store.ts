import { createReadStream, createWriteStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { archivesOldestFirst, BACKUP_NAME_PATTERN, BackupError } from './backup-archive.ts';
import { offsiteLabel, type OffsiteSettings } from './offsite-settings.ts';

/*
 * The off-site storage (README.md, "Backups and restore"): S3-compatible object storage, spoken
 * to through AWS's own client (@aws-sdk/client-s3), which signs every request. Each archive is
 * one object named as in BACKUP_DIR under BACKUP_S3_PREFIX; this site's archives there are the
 * objects so named, and only those are ever deleted (BACKUP_KEEP). Checksums only where the
 * API requires them: the newer default (a CRC header on every upload) is not taken by every
 * S3-compatible service; the upload is checked by its size read back instead.
 */

/** The largest archive one upload takes (S3's limit for a single PUT). */
const MAX_SINGLE_UPLOAD = 5 * 1024 ** 3;

export interface OffsiteArchive {
  name: string;
  bytes: number;
}

export interface OffsiteStore {
  /** `bucket/prefix at host`, for logs and the console; never a key. */
  readonly label: string;
  /** Copies an archive from BACKUP_DIR (`file`, named `name` there), then reads its size back. */
  upload(file: string, name: string, onProgress?: (done: number, total: number) => void): Promise<void>;
  /** This site's archives there, oldest first. */
  list(): Promise<OffsiteArchive[]>;
  /** Deletes the oldest of this site's archives beyond `keep`; answers the names deleted. */
  prune(keep: number): Promise<string[]>;
  /** Writes archive `name` to `destination` (mode 0600); answers its size. */
  download(name: string, destination: string): Promise<number>;
  /** Closes the client's connections. */
  close(): void;
}

export function openOffsiteStore(settings: OffsiteSettings): OffsiteStore {
  const client = new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // The client's own retries (with backoff) for a dropped connection or a 5xx; the jobs process tries again later.
    maxAttempts: 3,
    // A storage that does not answer in 10 s is down; an upload idle for 2 minutes is dead.
    requestHandler: { connectionTimeout: 10_000, socketTimeout: 120_000 },
    // Failures are the caller's to report (logged and recorded once, in words): the client's own
    // warnings would otherwise go to the console (a failed upload's "non-retryable streaming request").
    logger: { trace: () => undefined, debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined },
  });
  const { bucket, prefix } = settings;
  const keyOf = (name: string) => `${prefix}${name}`;

  async function list(): Promise<OffsiteArchive[]> {
    const found = new Map<string, number>();
    let token: string | undefined;
    do {
      const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: `${prefix}site-backup-`, ...(token === undefined ? {} : { ContinuationToken: token }) }));
      for (const object of page.Contents ?? []) {
        const name = object.Key?.slice(prefix.length) ?? '';
        if (BACKUP_NAME_PATTERN.test(name)) found.set(name, object.Size ?? 0);
      }
      token = page.IsTruncated === true ? page.NextContinuationToken : undefined;
    } while (token !== undefined);
    return archivesOldestFirst([...found.keys()]).map((name) => ({ name, bytes: found.get(name) ?? 0 }));
  }

  return {
    label: offsiteLabel(settings),

    async upload(file, name, onProgress) {
      const { size } = await stat(file);
      if (size > MAX_SINGLE_UPLOAD) throw new BackupError(`${name} is ${(size / 1024 ** 3).toFixed(1)} GB, more than the 5 GB one upload to S3-compatible storage takes`);
      let sent = 0;
      const counting = new Transform({
        transform(chunk: Buffer, _encoding, next) {
          sent += chunk.length;
          onProgress?.(sent, size);
          next(null, chunk);
        },
      });
      const body = createReadStream(file).pipe(counting);
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: keyOf(name), Body: body, ContentLength: size, ContentType: 'application/zip' }));
      const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: keyOf(name) }));
      if (head.ContentLength !== size) throw new BackupError(`the storage holds ${head.ContentLength ?? 'no'} bytes of ${name}, not its ${size}: the copy is incomplete`, 'offsiteServerError');
    },

    list,

    async prune(keep) {
      const archives = await list();
      const doomed = archives.slice(0, Math.max(0, archives.length - keep)).map((archive) => archive.name);
      // One at a time: DeleteObjects needs a checksum header some S3-compatible services refuse.
      for (const name of doomed) await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: keyOf(name) }));
      return doomed;
    },

    async download(name, destination) {
      if (!BACKUP_NAME_PATTERN.test(name)) throw new BackupError(`${JSON.stringify(name)} is not the name of a backup archive (site-backup-YYYY-MM-DDTHHMMSSZ.zip)`);
      const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: keyOf(name) }));
      if (!(answer.Body instanceof Readable)) throw new BackupError(`the storage sent no bytes for ${name}`);
      try {
        await pipeline(answer.Body, createWriteStream(destination, { flags: 'wx', mode: 0o600 }));
      } catch (error) {
        await rm(destination, { force: true });
        throw error;
      }
      return (await stat(destination)).size;
    },

    close() {
      client.destroy();
    },
  };
}
