import { useIsMutating } from "@tanstack/react-query";
import { useStore } from "zustand";
import { createStore } from "zustand/vanilla";

/** The messenger login's mutation (login.ts): the header shows a placeholder while it runs. */
export const MESSENGER_LOGIN_KEY = ["messenger", "login"] as const;

/**
 * The tab's messenger mode, known only in this browser. `active` once the page is known to run as a mini-app
 * (or with a stored bot URL); `awaitingLogin` from the detection of a guest in the mini-app until its
 * automatic login starts (the login's own progress is its mutation's).
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
  const { active, awaitingLogin, platform } = useStore(messengerStore);
  const loggingIn = useIsMutating({ mutationKey: MESSENGER_LOGIN_KEY }) > 0;
  return { active, platform, login: awaitingLogin || loggingIn ? "running" : "idle" };
}

export const isMessengerActive = (): boolean => messengerStore.getState().active;
