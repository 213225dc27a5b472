import { useSyncExternalStore } from "react";
import { createStore } from "zustand/vanilla";

/**
 * The tab's messenger mode. `active` once the page is known to run as a mini-app (or with a stored bot URL);
 * `login` follows the automatic messenger login, so the header can show a placeholder instead of the sign-in
 * buttons while it runs.
 */
export interface MessengerState {
  active: boolean;
  login: "idle" | "running" | "done" | "failed";
  /** The messenger's platform (`ios`, `android`, `tdesktop`…), once the SDK has read it. */
  platform?: string;
}

const GUEST: MessengerState = { active: false, login: "idle" };

export const messengerStore = createStore<MessengerState>(() => GUEST);

/** The server renders the normal site; the browser switches to the mini-app mode after detection. */
export function useMessenger(): MessengerState {
  return useSyncExternalStore(messengerStore.subscribe, messengerStore.getState, () => GUEST);
}

export const isMessengerActive = (): boolean => messengerStore.getState().active;
