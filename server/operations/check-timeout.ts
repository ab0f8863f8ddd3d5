// A health check's bound (README.md, "Faults the server survives"): a check that has not answered
// within its time is given up, so /healthz and the console's banner always answer.

/** The check gave no answer in time (a frozen database, a hung network mount). */
export class CheckTimeoutError extends Error {
  override readonly name = 'CheckTimeoutError';
}

/** `promise`, or a CheckTimeoutError after `ms` milliseconds, whichever comes first. */
export async function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new CheckTimeoutError(`no answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
