import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../server/config.ts';
import { backupFailureOf, copyFailureOf, failureCodeOfMessage } from '../../../server/operations/backup-failure.ts';
import { BackupError } from '../../../server/operations/backup-archive.ts';

/*
 * Where backups are copied off the machine, as configured (server/operations/offsite-settings.ts
 * through server/config.ts; README.md, "Backups and restore"): one URL or separate variables,
 * never both, HTTPS except to this machine, the region read from AWS's and B2's hosts, and no
 * refusal that shows the secret. Then the failures' kinds the console says in words
 * (server/operations/backup-failure.ts).
 */

const config = (env: Record<string, string>) => loadConfig({ STATIC_ROOT: '/srv/site/dist/client', ...env }, '/srv/site');
const refusal = (env: Record<string, string>) => {
  try {
    config(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('accepted');
};

describe('the off-site storage\'s settings', () => {
  it('is off by default', () => {
    expect(config({}).backupOffsite).toBeNull();
  });

  it('reads AWS S3, Backblaze B2 and Cloudflare R2 URLs, the secret %-decoded and the region from the host', () => {
    expect(config({ BACKUP_S3_URL: 's3://AKIAEXAMPLE:se%2Fcr%2Bet@s3.eu-west-1.amazonaws.com/company-backups/site?region=eu-west-1' }).backupOffsite).toEqual({
      endpoint: 'https://s3.eu-west-1.amazonaws.com',
      bucket: 'company-backups',
      prefix: 'site/',
      region: 'eu-west-1',
      accessKeyId: 'AKIAEXAMPLE',
      secretAccessKey: 'se/cr+et',
      forcePathStyle: false,
    });
    expect(config({ BACKUP_S3_URL: 's3://004key:appkey@s3.us-west-004.backblazeb2.com/company-backups' }).backupOffsite).toMatchObject({ endpoint: 'https://s3.us-west-004.backblazeb2.com', region: 'us-west-004', prefix: '' });
    expect(config({ BACKUP_S3_URL: 's3://id:secret@0123abcd.r2.cloudflarestorage.com/company-backups' }).backupOffsite).toMatchObject({ region: 'auto', forcePathStyle: false });
    expect(config({ BACKUP_S3_URL: 's3+http://id:secret@127.0.0.1:9000/backups?path_style=true' }).backupOffsite).toMatchObject({ endpoint: 'http://127.0.0.1:9000', forcePathStyle: true });
  });

  it('reads the separate variables, and needs all four', () => {
    expect(
      config({ BACKUP_S3_ENDPOINT: 'https://0123abcd.r2.cloudflarestorage.com', BACKUP_S3_BUCKET: 'company-backups', BACKUP_S3_PREFIX: '/site/', BACKUP_S3_ACCESS_KEY_ID: 'id', BACKUP_S3_SECRET_ACCESS_KEY: 'secret' }).backupOffsite,
    ).toEqual({ endpoint: 'https://0123abcd.r2.cloudflarestorage.com', bucket: 'company-backups', prefix: 'site/', region: 'auto', accessKeyId: 'id', secretAccessKey: 'secret', forcePathStyle: false });
    const missing = refusal({ BACKUP_S3_ENDPOINT: 'https://s3.example.com', BACKUP_S3_BUCKET: 'backups', BACKUP_S3_ACCESS_KEY_ID: 'id' });
    expect(missing.variable).toBe('BACKUP_S3_SECRET_ACCESS_KEY');
  });

  it('refuses in one line, never showing the secret: both ways at once, plain HTTP to another machine, no bucket, a bad bucket or prefix', () => {
    const cases: Array<[Record<string, string>, string, RegExp]> = [
      [{ BACKUP_S3_URL: 's3://id:TOPSECRET@s3.example.com/b-1', BACKUP_S3_BUCKET: 'other' }, 'BACKUP_S3_URL', /both set/],
      [{ BACKUP_S3_URL: 's3+http://id:TOPSECRET@s3.example.com/backups' }, 'BACKUP_S3_URL', /must use HTTPS/],
      [{ BACKUP_S3_ENDPOINT: 'http://s3.example.com', BACKUP_S3_BUCKET: 'backups', BACKUP_S3_ACCESS_KEY_ID: 'id', BACKUP_S3_SECRET_ACCESS_KEY: 'TOPSECRET' }, 'BACKUP_S3_ENDPOINT', /must use HTTPS/],
      [{ BACKUP_S3_URL: 's3://id:TOPSECRET@s3.example.com' }, 'BACKUP_S3_URL', /names no bucket/],
      [{ BACKUP_S3_URL: 's3://id:TOPSECRET@s3.example.com/Bad_Bucket' }, 'BACKUP_S3_URL', /must name a bucket/],
      [{ BACKUP_S3_URL: 's3://id:TOPSECRET@s3.example.com/backups/a%20b' }, 'BACKUP_S3_URL', /must name a folder/],
      [{ BACKUP_S3_ENDPOINT: 'https://s3.example.com', BACKUP_S3_BUCKET: 'backups', BACKUP_S3_PREFIX: 'a/../b', BACKUP_S3_ACCESS_KEY_ID: 'id', BACKUP_S3_SECRET_ACCESS_KEY: 'TOPSECRET' }, 'BACKUP_S3_PREFIX', /must name a folder/],
      [{ BACKUP_S3_URL: 'https://id:TOPSECRET@s3.example.com/backups' }, 'BACKUP_S3_URL', /must be s3:\/\//],
      [{ BACKUP_S3_URL: 's3://id:TOP%ZZSECRET@s3.example.com/backups' }, 'BACKUP_S3_URL', /not a %-escape/],
      [{ BACKUP_S3_URL: 's3://id:TOPSECRET@s3.example.com/backups?acl=public' }, 'BACKUP_S3_URL', /takes region and path_style/],
    ];
    for (const [env, variable, problem] of cases) {
      const error = refusal(env);
      expect(error.variable, JSON.stringify(env)).toBe(variable);
      expect(error.message).toMatch(problem);
      expect(error.message).not.toContain('TOPSECRET');
      expect(error.message).not.toContain('\n');
    }
  });
});

describe('the kinds of a failed backup or copy', () => {
  const errno = (code: string, message: string) => Object.assign(new Error(`${code}: ${message}`), { code });
  const storage = (name: string, status: number, message = 'the storage said no') => Object.assign(new Error(message), { name, $metadata: { httpStatusCode: status } });

  it('names the folder\'s and the disk\'s problems, and the database\'s', () => {
    expect(backupFailureOf(errno('ENOTDIR', "not a directory, mkdir '/srv/site/data/backups'"))).toEqual({ code: 'notAFolder', raw: "ENOTDIR: not a directory, mkdir '/srv/site/data/backups'" });
    expect(backupFailureOf(errno('EACCES', 'permission denied, open')).code).toBe('noPermission');
    expect(backupFailureOf(errno('ENOSPC', 'no space left on device, write')).code).toBe('diskFull');
    expect(backupFailureOf(errno('EROFS', 'read-only file system')).code).toBe('readOnly');
    expect(backupFailureOf(new BackupError('pg_dump is not on the PATH: install …', 'pgDumpMissing')).code).toBe('pgDumpMissing');
    expect(backupFailureOf(new Error('something else')).code).toBe('unknown');
    // Runs recorded before kinds were: from the code their message starts with.
    expect(failureCodeOfMessage("ENOTDIR: not a directory, mkdir '/x'")).toBe('notAFolder');
    expect(failureCodeOfMessage('pg_dump failed')).toBe('unknown');
  });

  it('names the storage\'s answers and the network\'s failures, with the HTTP status in the message', () => {
    expect(copyFailureOf(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9000'), { code: 'ECONNREFUSED' }))).toEqual({ code: 'offsiteUnreachable', raw: 'connect ECONNREFUSED 127.0.0.1:9000' });
    expect(copyFailureOf(Object.assign(new Error('getaddrinfo ENOTFOUND s3.example.com'), { code: 'ENOTFOUND' })).code).toBe('offsiteUnreachable');
    expect(copyFailureOf(storage('InvalidAccessKeyId', 403, 'The AWS Access Key Id you provided does not exist in our records.'))).toEqual({
      code: 'offsiteCredentials',
      raw: 'InvalidAccessKeyId: The AWS Access Key Id you provided does not exist in our records. (HTTP 403)',
    });
    expect(copyFailureOf(storage('SignatureDoesNotMatch', 403)).code).toBe('offsiteCredentials');
    expect(copyFailureOf(storage('AccessDenied', 403)).code).toBe('offsiteDenied');
    expect(copyFailureOf(storage('AccessDenied', 403, 'Storage cap exceeded.')).code).toBe('offsiteFull');
    expect(copyFailureOf(storage('NoSuchBucket', 404)).code).toBe('offsiteNoBucket');
    expect(copyFailureOf(storage('PermanentRedirect', 301)).code).toBe('offsiteRegion');
    expect(copyFailureOf(storage('ServiceUnavailable', 503)).code).toBe('offsiteServerError');
    expect(copyFailureOf(storage('Unknown', 403, 'UnknownError')).code).toBe('offsiteDenied');
    expect(copyFailureOf(Object.assign(new Error('certificate has expired'), { code: 'CERT_HAS_EXPIRED' })).code).toBe('offsiteCertificate');
    expect(copyFailureOf(Object.assign(new Error('socket timed out'), { name: 'TimeoutError' })).code).toBe('offsiteTimeout');
    expect(copyFailureOf(new BackupError('site-backup-….zip is no longer in BACKUP_DIR', 'offsiteArchiveGone')).code).toBe('offsiteArchiveGone');
  });
});
