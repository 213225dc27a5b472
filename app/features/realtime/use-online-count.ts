import { useSyncExternalStore } from "react";
import { realtimeBus } from "~/lib/realtime";

/**
 * The latest `global:online` count, kept outside React so a component that mounts later still shows the
 * number the hub last announced (it announces only changes).
 */
let count: number | undefined;
const listeners = new Set<() => void>();
let listening = false;

function subscribe(onChange: () => void) {
  if (!listening) {
    listening = true;
    realtimeBus.on("online", (event) => {
      const next = (event.data as { count?: unknown } | undefined)?.count;
      if (typeof next !== "number" || next === count) return;
      count = next;
      for (const listener of listeners) listener();
    });
  }
  listeners.add(onChange);
  return () => listeners.delete(onChange);
}

/** People connected right now over every server process; undefined until the hub has said. */
export function useOnlineCount(): number | undefined {
  return useSyncExternalStore(
    subscribe,
    () => count,
    () => undefined,
  );
}
