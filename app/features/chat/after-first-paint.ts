/** Schedules work for when the page is idle; answers how to cancel it. */
export type Idle = (work: () => void) => () => void;

/** The browser's idle callback (a timer where there is none), so no chat work ever delays the first paint. */
export const browserIdle: Idle = (work) => {
  if (typeof window.requestIdleCallback === "function") {
    const id = window.requestIdleCallback(work, { timeout: 3000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = setTimeout(work, 1500);
  return () => clearTimeout(id);
};

/**
 * Loads a module once the page is idle after its first paint and runs `work` with it, unless the returned
 * cleanup came first: also while the module was still loading. An effect's cleanup means its visitor is gone (a
 * sign-out), and the work of a gone visitor must not run after the new one's: the chat once asked for a
 * signed-out player's conversation after the logout had cleared the session cookie, and was refused with 403.
 */
export function afterFirstPaint<M>(
  load: () => Promise<M>,
  work: (module: M) => void,
  idle: Idle = browserIdle,
): () => void {
  let current = true;
  const cancel = idle(() => {
    load()
      .then((m) => {
        if (current) work(m);
      })
      .catch((err) => console.error("The chat failed to start", err));
  });
  return () => {
    current = false;
    cancel();
  };
}
