import { statfs } from 'node:fs/promises';
import type { Kysely } from 'kysely';
import type { Database } from '../db/types.ts';
import { addToWindow, sweepWindows } from '../http/database-rate-limit-store.ts';

/*
 * The disk an address may fill with uploads (README, "Abuse paths and the limits that stop
 * them"): UPLOAD_DAILY_BYTES per address and day, counted in the database (the rate limits'
 * table, a bucket of its own) so every server process shares one count, and UPLOAD_MIN_FREE_BYTES
 * left free on UPLOAD_DIR's disk for everyone. A file past either is refused on its field; the
 * rest of the submission stands.
 */

export const UPLOAD_BUDGET_BUCKET = 'upload_bytes';
const DAY_MS = 24 * 60 * 60 * 1000;
/** Expired counts are deleted now and then, not on every file. */
const SWEEP_EVERY = 100;
let charges = 0;

export interface UploadBudget {
  db: Kysely<Database>;
  uploadDir: string;
  dailyBytes: number;
  minFreeBytes: number;
  now: () => number;
}

/**
 * Charges a file of `bytes`, already written to UPLOAD_DIR, to `key`'s day: true when it fits
 * the address's budget and the disk still has its floor free; false, with nothing charged, when not.
 * One atomic add: two processes charging at once never both pass the budget.
 */
export async function chargeUpload(budget: UploadBudget, key: string, bytes: number): Promise<boolean> {
  if (budget.minFreeBytes > 0) {
    const disk = await statfs(budget.uploadDir);
    if (disk.bavail * disk.bsize < budget.minFreeBytes) return false;
  }
  const now = budget.now();
  const { count } = await addToWindow(budget.db, { bucket: UPLOAD_BUDGET_BUCKET, key, amount: bytes, windowMs: DAY_MS, now });
  charges += 1;
  if (charges % SWEEP_EVERY === 0) void sweepWindows(budget.db, UPLOAD_BUDGET_BUCKET, DAY_MS, now);
  if (count <= budget.dailyBytes) return true;
  await refundUpload(budget, key, bytes);
  return false;
}

/** Gives back what a file that was not kept (refused, spam, a failure) was charged. */
export async function refundUpload(budget: Pick<UploadBudget, 'db'>, key: string, bytes: number): Promise<void> {
  await budget.db
    .updateTable('rate_limits')
    .set((eb) => ({ count: eb.case().when('count', '>', bytes).then(eb('count', '-', bytes)).else(0).end() }))
    .where('bucket', '=', UPLOAD_BUDGET_BUCKET)
    .where('key', '=', key)
    .execute();
}
