import type { FastifyInstance } from 'fastify';
import { imageManifest } from '../../content/image-manifest.ts';
import { recordAudit } from '../console/console-audit.ts';
import { publishDue, SCHEDULE_POLL_MS } from '../content-editor/content-schedules.ts';
import { startRepeatingTask, type RepeatingTask } from './repeating-task.ts';

/*
 * The jobs process's scheduled publishing (README.md, "Editing the site"): every
 * SCHEDULE_POLL_MS, each change whose time has come is published (content-schedules.ts: once,
 * whichever process or server gets there first), audited as `content-publish` in its author's
 * name with "(scheduled)", and made live here, which tells the cluster's other processes (the
 * other servers notice the new revision by their own poll). A change that could not be
 * published is logged with why; the Site content page shows it.
 */

export function startContentScheduleJob(app: FastifyInstance, { intervalMs = SCHEDULE_POLL_MS }: { intervalMs?: number } = {}): RepeatingTask {
  const log = app.log.child({ component: 'content-schedule' });
  return startRepeatingTask(() => publishDueNow(app, log), { firstDelayMs: Math.min(intervalMs, 5_000), intervalMs });
}

/** One run: publishes what is due, then makes the last revision live. Never rejects. */
export async function publishDueNow(app: FastifyInstance, log = app.log): Promise<void> {
  try {
    const images = await app.contentImages().catch(() => imageManifest);
    const imageKeys: ReadonlySet<string> = new Set(Object.keys(images.images));
    const done = await publishDue(app.db, {
      now: app.clock(),
      onError: (schedule, error) => log.error({ err: error, schedule }, 'a scheduled change could not be published; it is tried again at the next run'),
      checks: (change) => ({
        imageKeys,
        onStored: async (trx, revision, document) => {
          await recordAudit(trx, { personId: change.by.id, actor: `${change.by.name} (scheduled)`, ipHash: null }, { action: 'content-publish', subject: `content ${document}`, detail: { document, revision, schedule: change.id }, now: app.clock() });
        },
      }),
    });
    for (const { change } of done) {
      if (change.state === 'published') log.info({ schedule: change.id, document: change.name, revision: change.revision }, 'scheduled change published');
      else log.warn({ schedule: change.id, document: change.name, problem: change.problem }, 'scheduled change not published');
    }
    const last = done.findLast((item) => item.revision !== null)?.revision;
    if (last !== undefined && last !== null) await app.contentPublished(last);
  } catch (error) {
    // Looking for what is due, or making the published revisions live (then the site's own poll renders them: README.md "Live in seconds").
    log.error({ err: error }, 'scheduled changes: this run failed; what was published stays published, the rest is tried again at the next run');
  }
}
