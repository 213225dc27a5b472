import { useSyncExternalStore } from "react";
import type { ChatConversation } from "#common/api/chat";

/**
 * The support chat's state, on its own so that the shell's button carries only this: the calls and the live
 * updates (store.ts) load after the first paint.
 */
export type ChatStatus = "idle" | "loading" | "ready" | "error" | "sign-in";

export interface ChatState {
  open: boolean;
  status: ChatStatus;
  conversation: ChatConversation | null;
  /** Support's messages the visitor has not read (the button's badge). */
  unread: number;
  /** Whose chat this is: the player's id, or "guest". */
  owner: string;
  guestEnabled: boolean;
}

let state: ChatState = {
  open: false,
  status: "idle",
  conversation: null,
  unread: 0,
  owner: "guest",
  guestEnabled: false,
};
const listeners = new Set<() => void>();
export const setChatState = (patch: Partial<ChatState>) => {
  state = { ...state, ...patch };
  for (const l of listeners) l();
};

export const chatState = () => state;
export function useChat(): ChatState {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => state,
    () => state,
  );
}
