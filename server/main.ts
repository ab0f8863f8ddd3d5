/*
 * The server's entry point (`npm run serve`, or `npm start` which builds first): read the
 * configuration, then either serve in this process (WEB_CONCURRENCY=1, and every process of a
 * cluster) or supervise a cluster of server processes (process/supervisor.ts).
 */
import cluster from 'node:cluster';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { RETENTION_STAMP_FILE, stampDiffers } from '../src/validation/privacy/retention-stamp.ts';
import { pino } from 'pino';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { loggerOptions } from './http/request-log.ts';
import { roleOfThisProcess } from './process/process-role.ts';
import { serve } from './process/serve.ts';
import { supervise } from './process/supervisor.ts';

function readConfigOrExit(): Config {
  try {
    return loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      // One readable line for the operator, no stack trace.
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

const config = readConfigOrExit();
// The privacy page must state the periods this server applies (README, "Privacy"): the stamp the
// build wrote beside the SSR bundle is compared here, not in buildApp (tests build without a site).
{
  const stampFile = path.join(config.staticRoot, '..', 'ssr', RETENTION_STAMP_FILE);
  const problem = existsSync(stampFile) ? stampDiffers(readFileSync(stampFile, 'utf8'), config.retention) : undefined;
  if (problem !== undefined && problem.includes(' is ')) {
    process.stderr.write(`Invalid configuration: ${problem}\n`);
    process.exit(1);
  }
}
// process.stdout, not pino's default asynchronous writer: on Linux it writes pipes and files
// synchronously, so the last lines before process.exit ("stopped") are never lost.
const log = pino(loggerOptions(config.logLevel), process.stdout);
if (cluster.isPrimary && config.webConcurrency > 1) await supervise(config, log);
else await serve(config, log, roleOfThisProcess());
