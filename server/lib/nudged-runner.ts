/**
 * Runs `task` soon after a nudge, one run at a time per process: nudges during the delay make one run, and a
 * nudge (or `run`) during a run asks for one more after it, so a burst of work is done in few passes and none
 * is missed. `task` handles its own errors (a failed run must not stop the next).
 */
export function nudgedRunner(task: () => Promise<unknown>, delayMs: number) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let again = false;
  const run = async (): Promise<void> => {
    if (running) {
      again = true;
      await running;
      return;
    }
    running = task();
    try {
      await running;
    } finally {
      running = undefined;
    }
    if (again) {
      again = false;
      await run();
    }
  };
  return {
    run,
    nudge() {
      if (timer) return;
      timer = setTimeout(() => {
        timer = undefined;
        void run();
      }, delayMs);
      timer.unref?.();
    },
    async close() {
      if (timer) clearTimeout(timer);
      timer = undefined;
      await running;
    },
  };
}

export type NudgedRunner = ReturnType<typeof nudgedRunner>;
