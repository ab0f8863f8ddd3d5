/*
 * The SQLite copy of a backup (README.md, "Backups and restore"), in a worker thread of the
 * process that asked (operations/backup-archive.ts). SQLite's online backup API copies a
 * consistent state of the database while other connections write: the first step copies no
 * page, the second all of them at once, inside one read transaction of the WAL (writers go on;
 * a backup copying a few pages per step would start again after every other connection's
 * commit, and never end under steady writes). The copy is then checked with `quick_check`.
 */
import { parentPort, workerData } from 'node:worker_threads';
import SqliteDatabase from 'better-sqlite3';

const { source, destination } = workerData as { source: string; destination: string };

function copy(): Promise<void> {
  const database = new SqliteDatabase(source, { fileMustExist: true });
  // A checkpoint or another process's lock may hold the file for a moment; this thread may wait.
  database.pragma('busy_timeout = 10000');
  return database
    .backup(destination, { progress: () => 0x7fffffff })
    .then(() => undefined)
    .finally(() => database.close());
}

try {
  await copy();
  const copied = new SqliteDatabase(destination, { fileMustExist: true });
  try {
    const check = copied.pragma('quick_check', { simple: true });
    if (check !== 'ok') throw new Error(`the copy failed SQLite's quick_check: ${String(check)}`);
    // The copy carries the source's WAL mode; one file, with no -wal beside it, goes in the archive.
    copied.pragma('journal_mode = DELETE');
  } finally {
    copied.close();
  }
  parentPort?.postMessage({ ok: true });
} catch (error) {
  parentPort?.postMessage({ ok: false, error: (error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ') });
}
