import { useSyncExternalStore } from "react";
import { createStore } from "zustand/vanilla";

/**
 * The tab's messenger mode, known only in this browser. `active` once the page is known to run as a mini-app
 * (or with a stored bot URL); `awaitingLogin` from the detection of a guest in the mini-app until its
 * automatic login has settled, so the header holds a placeholder instead of the sign-in buttons meanwhile
 * (the login's own state, its answer or its error, is its mutation's).
 */
interface MessengerMode {
  active: boolean;
  awaitingLogin: boolean;
  /** The messenger's platform (`ios`, `android`, `tdesktop`…), once the SDK has read it. */
  platform?: string;
}

export interface MessengerState {
  active: boolean;
  /** `running` while the automatic messenger login is due or on its way. */
  login: "idle" | "running";
  platform?: string;
}

const GUEST: MessengerMode = { active: false, awaitingLogin: false };

export const messengerStore = createStore<MessengerMode>(() => GUEST);

/** The server renders the normal site; the browser switches to the mini-app mode after detection. */
export function useMessenger(): MessengerState {
  const { active, awaitingLogin, platform } = useSyncExternalStore(
    messengerStore.subscribe,
    messengerStore.getState,
    messengerStore.getInitialState,
  );
  return { active, platform, login: awaitingLogin ? "running" : "idle" };
}

export const isMessengerActive = (): boolean => messengerStore.getState().active;
