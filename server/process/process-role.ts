import cluster from 'node:cluster';

/*
 * What one server process does. A single process (WEB_CONCURRENCY=1) does everything. In a
 * cluster the supervisor migrates the database before it starts any server process, and
 * exactly one of them (started with SERVER_PROCESS_ROLE=jobs) also runs the outbox's
 * workers and the scheduled jobs, so mail is never sent twice and a purge never runs twice.
 */
export interface ProcessRole {
  /** Runs the migrations before serving (the supervisor has, in a cluster). */
  migrates: boolean;
  /** Delivers the outbox and runs the scheduled jobs. */
  runsJobs: boolean;
  /** A server process of a cluster: it talks to its supervisor over IPC. */
  inCluster: boolean;
}

/** Set by the supervisor on the server process that runs the jobs; not for operators. */
export const ROLE_VARIABLE = 'SERVER_PROCESS_ROLE';

export type ClusterRole = 'jobs' | 'web';

export function roleOfThisProcess(env: NodeJS.ProcessEnv = process.env): ProcessRole {
  if (cluster.isPrimary) return { migrates: true, runsJobs: true, inCluster: false };
  return { migrates: false, runsJobs: env[ROLE_VARIABLE] === 'jobs', inCluster: true };
}
