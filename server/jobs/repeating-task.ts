/*
 * A task the jobs process runs on a timer (the scheduled jobs, the Brevo poll): first after
 * `firstDelayMs`, then `intervalMs` after each run ends; never two runs at once. runNow() runs
 * it at once (or joins the run in progress); stop() ends the timer once a run in progress has
 * finished. The timer never keeps the process alive. The task handles its own errors.
 */

export interface RepeatingTask {
  runNow(): Promise<void>;
  stop(): Promise<void>;
}

export function startRepeatingTask(run: () => Promise<void>, { firstDelayMs, intervalMs }: { firstDelayMs: number; intervalMs: number }): RepeatingTask {
  let running: Promise<void> | null = null;
  let stopped = false;
  const runNow = (): Promise<void> => {
    running ??= run().finally(() => (running = null));
    return running;
  };
  let timer: NodeJS.Timeout = setTimeout(function tick() {
    void runNow().then(() => {
      if (!stopped) timer = setTimeout(tick, intervalMs).unref();
    });
  }, firstDelayMs).unref();
  return {
    runNow,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
