import type { FastifyBaseLogger } from 'fastify';

/** Fastify's logger is pino; process.exit would drop lines still buffered for a piped stdout. */
export function flushThenExit(log: FastifyBaseLogger | undefined, code: number): void {
  const pinoLog = log as (FastifyBaseLogger & { flush?: (done: () => void) => void }) | undefined;
  if (pinoLog?.flush) pinoLog.flush(() => process.exit(code));
  else process.exit(code);
}
