import { useCallback, useSyncExternalStore } from "react";
import { STORAGE_KEYS, storage } from "~/lib/storage";

/*
 * The drawer's compact state lives on <html data-drawer="compact">: the paint script in <head> sets it from
 * localStorage before the first paint, and CSS (the `compact:` variant) sizes the drawer from it, so the server
 * never needs to know and nothing jumps after hydration.
 */
const listeners = new Set<() => void>();
const read = () => document.documentElement.dataset.drawer === "compact";

export function setDrawerCompact(compact: boolean): void {
  if (compact) document.documentElement.dataset.drawer = "compact";
  else delete document.documentElement.dataset.drawer;
  storage.set(STORAGE_KEYS.drawerCompact, compact ? "1" : "0");
  for (const l of listeners) l();
}

export function useDrawerCompact(): [boolean, () => void] {
  const compact = useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    read,
    () => false,
  );
  return [compact, useCallback(() => setDrawerCompact(!read()), [])];
}
