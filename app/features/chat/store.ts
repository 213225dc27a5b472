import type { ChatConversation, ChatMessage, ChatMessageEvent } from "#common/api/chat";
import { type ApiErrorBody, isApiErrorBody } from "#common/api/errors";
import { CHAT_GUEST_HEADER, CHAT_GUEST_TOKEN_KEY } from "#common/chat-widget";
import type { RealtimeEvent } from "#common/realtime";
import { ApiRequestError } from "~/lib/api";
import { followLive, type LiveFeed, queryClient } from "~/lib/query";
import { realtime, realtimeBus } from "~/lib/realtime";
import { api } from "~/lib/session/client";
import { freshSession, isEndingSession } from "~/lib/session/session";
import { sessionStore } from "~/lib/session/store";
import { storage } from "~/lib/storage";
import { type ChatData, chatKey, chatVisit, mustSignIn, setChatState } from "./state";

/** The built-in chat's events (CHAT_EVENTS in common/api/chat.ts, repeated: that module carries zod). */
const EVENTS = { message: "chat.message", closed: "chat.closed" } as const;

const client = () => queryClient();
const visit = () => chatVisit.getState();
const current = () => client().getQueryData<ChatData>(chatKey(visit().owner));
/** Where the conversation is heard live (its channel and subscription token come with it). */
let following: string | undefined;

/** The conversation of `owner`: the guest's token is kept, the live channel followed. */
const conversationQuery = (owner: string) => ({
  queryKey: chatKey(owner),
  queryFn: async (): Promise<ChatData> => {
    const { data } = await api().get("/chat/conversation");
    // An answer for a visitor who has gone (signed in or out meanwhile) changes nothing of the new one's.
    if (visit().owner === owner) {
      if (data.guestToken) storage.set(CHAT_GUEST_TOKEN_KEY, data.guestToken);
      // Signed in, the conversation is the player's: the browser's guest token has done its part.
      if (owner !== "guest") storage.remove(CHAT_GUEST_TOKEN_KEY);
      if (data.live.token) {
        if (following && following !== data.live.channel) realtime().unfollow(following);
        following = data.live.channel;
        realtime().follow(data.live.channel, data.live.token, "chat");
      }
    }
    return { conversation: data.conversation, unread: data.conversation?.unread ?? 0 };
  },
  staleTime: Number.POSITIVE_INFINITY,
});

/** Reads the visitor's conversation (and where it is heard live); a guest while guest chat is off needs no call. */
export async function loadChat(): Promise<void> {
  // A player's read once this tab is logging out, or has logged out and the shell has not yet told the chat
  // (the hub lets the socket go, whose reconnect asks again), would go without the cookie and be refused.
  const playerGone = isEndingSession() || !sessionStore.getState().loggedIn;
  if (mustSignIn(visit()) || (visit().owner !== "guest" && playerGone)) return;
  const owner = visit().owner;
  try {
    await client().fetchQuery({ ...conversationQuery(owner), staleTime: 0 });
  } catch {
    // The query holds the failure: the panel shows it (or asks a refused guest to sign in).
    return;
  }
  if (visit().owner === owner && visit().open && (current()?.unread ?? 0) > 0) void markRead();
}

/** The shell tells the chat who is visiting: a change of player (or a sign-out) starts afresh. */
export function setChatVisitor(owner: string, guestEnabled: boolean): void {
  const before = visit();
  if (owner === before.owner && guestEnabled === before.guestEnabled) return;
  if (following && owner !== "guest") {
    realtime().unfollow(following);
    following = undefined;
  }
  client().removeQueries({ queryKey: chatKey(before.owner) });
  setChatState({ owner, guestEnabled });
  if (visit().open || owner !== "guest") void loadChat();
}

export function openChat(): void {
  setChatState({ open: true });
  const q = client().getQueryState<ChatData>(chatKey(visit().owner));
  if (!q?.data || q.status === "error") void loadChat();
  else if (q.data.unread > 0) void markRead();
}

export function closeChat(): void {
  setChatState({ open: false });
}

const patchConversation = (patch: (c: ChatData) => ChatData) =>
  client().setQueryData<ChatData>(chatKey(visit().owner), (c) =>
    patch(c ?? { conversation: null, unread: 0 }),
  );

export async function markRead(): Promise<void> {
  patchConversation((c) => ({ ...c, unread: 0 }));
  await api()
    .post("/chat/read", {})
    .catch(() => undefined);
}

function append(message: ChatMessage, status: "open" | "closed" = "open") {
  patchConversation((data) => {
    const c = data.conversation;
    const messages = c?.messages ?? [];
    if (messages.some((m) => m.id === message.id)) return data;
    const conversation: ChatConversation =
      c && c.id === message.conversationId
        ? { ...c, status, messages: [...messages, message] }
        : {
            id: message.conversationId,
            status,
            unread: 0,
            messages: [message],
            createdAt: message.createdAt,
          };
    return { ...data, conversation };
  });
}

/** Sends the visitor's message (and file); throws the API's error for the composer to show. */
export async function sendChatMessage(text: string, file?: File): Promise<void> {
  let body: { text: string } | FormData = { text };
  if (file) {
    const form = new FormData();
    form.set("text", text);
    form.set("file", file, file.name);
    body = form;
  }
  const sent = await api().post("/chat/messages", body);
  append(sent.data.message);
}

/** An attachment of the visitor's own conversation, as a file to save (it needs the visitor's credentials). */
export async function downloadAttachment(message: ChatMessage): Promise<void> {
  // The player's session goes as its cookie (decision 0037), made fresh first.
  const headers: Record<string, string> = {};
  await freshSession();
  const guest = storage.get(CHAT_GUEST_TOKEN_KEY);
  if (guest) headers[CHAT_GUEST_HEADER] = guest;
  const res = await fetch(`/api/chat/messages/${message.id}/attachment`, {
    headers,
    credentials: "same-origin",
  });
  if (!res.ok) throw new Error(`attachment ${res.status}`);
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement("a");
  a.href = url;
  a.download = message.attachment?.name ?? "attachment";
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export const errorText = (err: unknown): string | undefined => {
  const body: ApiErrorBody | undefined =
    err instanceof ApiRequestError ? err.body : isApiErrorBody(err) ? err : undefined;
  if (!body) return undefined;
  return Object.values(body.errors ?? {}).flat()[0] ?? body.message;
};

/** `chat` publications into the conversation query, for the whole tab. */
const chatFeed: LiveFeed = () => {
  const offs = [
    realtimeBus.on("chat", (event: RealtimeEvent) => {
      if (event.event === EVENTS.message) {
        const { message, unread } = event.data as ChatMessageEvent;
        append(message);
        if (visit().open) void markRead();
        else patchConversation((c) => ({ ...c, unread }));
      } else if (event.event === EVENTS.closed && current()?.conversation) {
        patchConversation((c) => ({
          ...c,
          conversation: c.conversation && { ...c.conversation, status: "closed" },
        }));
      }
    }),
    // Publications missed while the socket was down are not replayed: read the conversation again.
    realtimeBus.on("reconnected", () => {
      if (current()) void loadChat();
    }),
  ];
  return () => {
    for (const off of offs) off();
  };
};

if (typeof window !== "undefined") followLive(queryClient(), chatFeed);
