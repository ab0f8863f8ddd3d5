import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.ts';
import { nextBackupAt, parseBackupSchedule } from '../../server/operations/backup-schedule.ts';

/*
 * BACKUP_SCHEDULE and BACKUP_KEEP (README.md, "Backups and restore"): the syntax, the one-line
 * errors naming the variable, and when the next backup is due on the company's clock. Pure
 * functions: no clock, no timer.
 */

const at = (iso: string) => Date.parse(iso);
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

describe('BACKUP_SCHEDULE', () => {
  it('reads off, one time of day or several (sorted, repeats dropped)', () => {
    expect(parseBackupSchedule('off')).toEqual([]);
    expect(parseBackupSchedule('OFF')).toEqual([]);
    expect(parseBackupSchedule('02:00')).toEqual([120]);
    expect(parseBackupSchedule('14:30, 02:00,02:00')).toEqual([120, 870]);
    expect(parseBackupSchedule('00:00,23:59')).toEqual([0, 1439]);
  });

  it('defaults to 02:00 and BACKUP_KEEP to 14, BACKUP_DIR to data/backups', () => {
    const config = loadConfig({}, '/srv/site');
    expect(config.backupSchedule).toEqual([120]);
    expect(config.backupKeep).toBe(14);
    expect(config.backupDir).toBe('/srv/site/data/backups');
    expect(loadConfig({ BACKUP_SCHEDULE: 'off', BACKUP_KEEP: '30', BACKUP_DIR: '/var/backups/site' }, '/srv/site')).toMatchObject({ backupSchedule: [], backupKeep: 30, backupDir: '/var/backups/site' });
  });

  it('refuses a BACKUP_DIR inside STATIC_ROOT, where the server would hand the archives to anyone', () => {
    expect(() => loadConfig({ STATIC_ROOT: '/srv/site/dist/client', BACKUP_DIR: '/srv/site/dist/client/backups' })).toThrow(
      'Invalid configuration: BACKUP_DIR must be a folder outside STATIC_ROOT, the web root (got "/srv/site/dist/client/backups")',
    );
    expect(() => loadConfig({ BACKUP_DIR: 'dist/client' }, '/srv/site')).toThrow('Invalid configuration: BACKUP_DIR must be a folder outside STATIC_ROOT');
  });

  it.each([
    ['BACKUP_SCHEDULE', '2:00', 'Invalid configuration: BACKUP_SCHEDULE must be off or times of day as HH:MM (24-hour clock, SITE_TIMEZONE), comma-separated, like 02:00 or 02:00,14:00 (got "2:00")'],
    ['BACKUP_SCHEDULE', '24:00', 'Invalid configuration: BACKUP_SCHEDULE must be off or times of day as HH:MM (24-hour clock, SITE_TIMEZONE), comma-separated, like 02:00 or 02:00,14:00 (got "24:00")'],
    ['BACKUP_SCHEDULE', 'daily', 'Invalid configuration: BACKUP_SCHEDULE must be off or times of day as HH:MM (24-hour clock, SITE_TIMEZONE), comma-separated, like 02:00 or 02:00,14:00 (got "daily")'],
    ['BACKUP_SCHEDULE', '02:00,', 'Invalid configuration: BACKUP_SCHEDULE must be off or times of day as HH:MM (24-hour clock, SITE_TIMEZONE), comma-separated, like 02:00 or 02:00,14:00 (got "")'],
    ['BACKUP_KEEP', '0', 'Invalid configuration: BACKUP_KEEP must be a whole number of archives from 1 to 1000 (got "0")'],
    ['BACKUP_KEEP', '1001', 'Invalid configuration: BACKUP_KEEP must be a whole number of archives from 1 to 1000 (got "1001")'],
    ['BACKUP_KEEP', 'all', 'Invalid configuration: BACKUP_KEEP must be a whole number of archives from 1 to 1000 (got "all")'],
  ])('refuses %s=%s in one line naming the variable', (name, value, message) => {
    expect(() => loadConfig({ [name]: value })).toThrow(message);
  });
});

describe('the next backup', () => {
  it('is at the next scheduled time on the company clock (Johannesburg is UTC+2)', () => {
    const schedule = parseBackupSchedule('02:00');
    // 01:59 in Johannesburg: a minute later, today.
    expect(iso(nextBackupAt(schedule, at('2026-11-26T23:59:00.000Z'), 'Africa/Johannesburg'))).toBe('2026-11-27T00:00:00.000Z');
    // Exactly 02:00: the run is now, so the next is tomorrow's.
    expect(iso(nextBackupAt(schedule, at('2026-11-27T00:00:00.000Z'), 'Africa/Johannesburg'))).toBe('2026-11-28T00:00:00.000Z');
    // Mid-morning: tomorrow at 02:00, across the end of a month and a year.
    expect(iso(nextBackupAt(schedule, at('2026-12-31T08:00:00.000Z'), 'Africa/Johannesburg'))).toBe('2027-01-01T00:00:00.000Z');
  });

  it('takes the earliest of several times of day', () => {
    const schedule = parseBackupSchedule('02:00,14:00');
    expect(iso(nextBackupAt(schedule, at('2026-11-27T08:00:00.000Z'), 'Africa/Johannesburg'))).toBe('2026-11-27T12:00:00.000Z');
    expect(iso(nextBackupAt(schedule, at('2026-11-27T12:00:00.000Z'), 'Africa/Johannesburg'))).toBe('2026-11-28T00:00:00.000Z');
  });

  it('follows a zone with summer time (London: 02:00 is UTC 02:00 in winter, 01:00 in summer; a skipped 01:30 runs at 02:30 BST)', () => {
    expect(iso(nextBackupAt([120], at('2026-01-10T12:00:00.000Z'), 'Europe/London'))).toBe('2026-01-11T02:00:00.000Z');
    expect(iso(nextBackupAt([120], at('2026-07-10T12:00:00.000Z'), 'Europe/London'))).toBe('2026-07-11T01:00:00.000Z');
    // 29 March 2026: clocks go from 01:00 to 02:00 GMT→BST; 01:30 does not exist that night.
    expect(iso(nextBackupAt([90], at('2026-03-28T12:00:00.000Z'), 'Europe/London'))).toBe('2026-03-29T01:30:00.000Z');
  });

  it('is never while the schedule is off', () => {
    expect(nextBackupAt([], Date.now(), 'Africa/Johannesburg')).toBeNull();
  });
});
