import { describe, expect, it } from 'vitest';
import { BackupError, postgresTarget } from '../../server/operations/backup-archive.ts';

// pg_dump and pg_restore get the URL on their command line, which `ps` shows to every user of
// the machine: the password travels apart, in PGPASSWORD (README, "Backups and restore").
describe('postgresTarget', () => {
  it('takes the password out of the URL, whether in its user part or as ?password=', () => {
    expect(postgresTarget('postgres://site:s%40cret@db.example/site')).toEqual({ url: 'postgres://site@db.example/site', password: 's@cret', schema: null });
    const inQuery = postgresTarget('postgres://site@db.example/site?password=hunter2&sslmode=require');
    expect(inQuery.password).toBe('hunter2');
    expect(inQuery.url).toBe('postgres://site@db.example/site?sslmode=require');
  });

  it('reads the schema its search_path names', () => {
    expect(postgresTarget('postgres://site@db.example/site?options=-c%20search_path%3Dtenant_1').schema).toBe('tenant_1');
  });

  it('refuses a password with a broken %-escape in one line', () => {
    expect(() => postgresTarget('postgres://site:50%ZZ@db.example/site')).toThrow(BackupError);
  });
});
