import type { Worker } from 'node:cluster';

/*
 * In a cluster, a publish reaches one server process (README.md "Live in seconds"): once it
 * serves the new revision's pages it tells the supervisor, which tells every other process; each
 * loads that generation from disk (rendering it itself if the folder is missing). A message lost
 * while a process is being replaced costs nothing: a starting process serves the live revision,
 * and every process also reads the revision number every CONTENT_POLL_INTERVAL.
 */

export interface SiteGenerationMessage {
  type: 'site.generation';
  revision: number;
}

export function isSiteGenerationMessage(message: unknown): message is SiteGenerationMessage {
  return (
    typeof message === 'object' &&
    message !== null &&
    'type' in message &&
    message.type === 'site.generation' &&
    'revision' in message &&
    Number.isSafeInteger(message.revision) &&
    (message.revision as number) > 0
  );
}

export function siteGenerationMessage(revision: number): SiteGenerationMessage {
  return { type: 'site.generation', revision };
}

/** In the supervisor: passes a process's notice to every other process still connected. */
/** What the relay uses of a cluster worker. */
export type RelayWorker = Pick<Worker, 'isConnected' | 'send'>;

export function relaySiteGeneration(from: RelayWorker, message: unknown, workers: Iterable<RelayWorker>): number {
  if (!isSiteGenerationMessage(message)) return 0;
  let told = 0;
  for (const worker of workers) {
    if (worker === from || !worker.isConnected()) continue;
    worker.send(message);
    told += 1;
  }
  return told;
}
