/** Schedules work for when the page is idle; answers how to cancel it. */
export type Idle = (work: () => void) => () => void;

/**
 * After the page's load event, once the browser is idle (2 s at most; a short timer where there is no idle
 * callback): work that must never delay the first paint (the chat, analytics, error reporting).
 */
export const browserIdle: Idle = (work) => {
  let cancelIdle = () => {};
  const idle = () => {
    if (typeof window.requestIdleCallback === "function") {
      const id = window.requestIdleCallback(work, { timeout: 2000 });
      cancelIdle = () => window.cancelIdleCallback(id);
    } else {
      const id = setTimeout(work, 1);
      cancelIdle = () => clearTimeout(id);
    }
  };
  if (document.readyState === "complete") idle();
  else window.addEventListener("load", idle, { once: true });
  return () => {
    window.removeEventListener("load", idle);
    cancelIdle();
  };
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
  what = "a deferred module",
): () => void {
  let current = true;
  const cancel = idle(() => {
    load()
      .then((m) => {
        if (current) work(m);
      })
      .catch((err) => console.error(`${what} failed to start`, err));
  });
  return () => {
    current = false;
    cancel();
  };
}
