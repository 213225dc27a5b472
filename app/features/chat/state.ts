import { useQuery } from "@tanstack/react-query";
import { useSyncExternalStore } from "react";
import { createStore } from "zustand/vanilla";
import type { ChatConversation } from "#common/api/chat";

/**
 * The support chat as the shell reads it, on its own so that the shell's button carries only this: the calls
 * and the live updates (store.ts) load after the first paint. The conversation is server state (a query,
 * filled by store.ts); whether the panel is open and who is visiting live only in this browser.
 */
export type ChatStatus = "idle" | "loading" | "ready" | "error" | "sign-in";

/** What the conversation query holds. */
export interface ChatData {
  conversation: ChatConversation | null;
  /** Support's messages the visitor has not read (the button's badge). */
  unread: number;
}

export interface ChatState extends ChatData {
  open: boolean;
  status: ChatStatus;
  /** Whose chat this is: the player's id, or "guest". */
  owner: string;
  guestEnabled: boolean;
}

type Visit = Pick<ChatState, "open" | "owner" | "guestEnabled">;

/** The visit: the panel's state and who is visiting (the shell tells store.ts, which sets it). */
export const chatVisit = createStore<Visit>(() => ({ open: false, owner: "guest", guestEnabled: false }));
export const setChatState = (patch: Partial<Visit>) => chatVisit.setState(patch);

export const chatKey = (owner: string) => ["chat", "conversation", owner] as const;

/** A guest while guest chat is off needs no call: the panel asks them to sign in. */
export const mustSignIn = (visit: Visit) => visit.owner === "guest" && !visit.guestEnabled;

/** The server's refusal of a guest (guest chat turned off meanwhile). */
const signInRefusal = (error: unknown) =>
  (error as { body?: { code?: unknown } } | null)?.body?.code === "chat_sign_in_required";

export function statusOf(
  visit: Visit,
  q: { data?: ChatData; error: unknown; status: string; fetchStatus: string },
): ChatStatus {
  if (mustSignIn(visit)) return "sign-in";
  if (q.status === "error") return signInRefusal(q.error) ? "sign-in" : "error";
  if (q.data) return "ready";
  return q.fetchStatus === "fetching" ? "loading" : "idle";
}

export function useChat(): ChatState {
  const visit = useSyncExternalStore(chatVisit.subscribe, chatVisit.getState, chatVisit.getInitialState);
  // Only observed here: store.ts reads the conversation when the visitor or the panel asks for it.
  const q = useQuery<ChatData>({ queryKey: chatKey(visit.owner), enabled: false });
  return {
    ...visit,
    conversation: q.data?.conversation ?? null,
    unread: q.data?.unread ?? 0,
    status: statusOf(visit, q),
  };
}
