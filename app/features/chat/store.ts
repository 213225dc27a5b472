import type { ChatConversation, ChatMessage, ChatMessageEvent } from "#common/api/chat";
import { type ApiErrorBody, isApiErrorBody } from "#common/api/errors";
import { CHAT_GUEST_TOKEN_KEY } from "#common/chat-widget";
import type { RealtimeEvent } from "#common/realtime";
import { ApiRequestError, createApi } from "~/lib/api";
import { realtime, realtimeBus } from "~/lib/realtime";
import { freshSession, recoverSession } from "~/lib/session/session";
import { storage } from "~/lib/storage";
import { chatState, setChatState as set } from "./state";

/** The built-in chat's events (CHAT_EVENTS in common/api/chat.ts, repeated: that module carries zod). */
const EVENTS = { message: "chat.message", closed: "chat.closed" } as const;
const GUEST_HEADER = "x-chat-guest";

/** The API with the guest's token beside the player's (a guest's conversation is adopted on sign-in). */
function chatApi() {
  const guest = storage.get(CHAT_GUEST_TOKEN_KEY);
  return createApi({
    baseUrl: "",
    session: freshSession,
    onAuthError: () => recoverSession(),
    headers: guest ? { [GUEST_HEADER]: guest } : {},
  });
}

const isGuest = () => chatState().owner === "guest";
let loading: Promise<void> | undefined;
let following: string | undefined;

/** Reads the visitor's conversation (and where it is heard live); a guest while guest chat is off needs no call. */
export function loadChat(): Promise<void> {
  if (isGuest() && !chatState().guestEnabled) {
    set({ status: "sign-in" });
    return Promise.resolve();
  }
  if (loading) return loading;
  const owner = chatState().owner;
  if (chatState().status !== "ready") set({ status: "loading" });
  loading = chatApi()
    .get("/chat/conversation")
    .then(({ data }) => {
      if (chatState().owner !== owner) return;
      if (data.guestToken) storage.set(CHAT_GUEST_TOKEN_KEY, data.guestToken);
      // Signed in, the conversation is the player's: the browser's guest token has done its part.
      if (owner !== "guest") storage.remove(CHAT_GUEST_TOKEN_KEY);
      if (data.live.token) {
        if (following && following !== data.live.channel) realtime().unfollow(following);
        following = data.live.channel;
        realtime().follow(data.live.channel, data.live.token, "chat");
      }
      set({ status: "ready", conversation: data.conversation, unread: data.conversation?.unread ?? 0 });
      if (chatState().open && chatState().unread > 0) void markRead();
    })
    .catch((err) => {
      if (chatState().owner !== owner) return;
      const body = err instanceof ApiRequestError ? err.body : undefined;
      set({ status: body?.code === "chat_sign_in_required" ? "sign-in" : "error" });
    })
    .finally(() => {
      loading = undefined;
    });
  return loading;
}

/** The shell tells the store who is visiting: a change of player (or a sign-out) starts afresh. */
export function setChatVisitor(owner: string, guestEnabled: boolean): void {
  if (owner === chatState().owner && guestEnabled === chatState().guestEnabled) return;
  if (following && owner !== "guest") {
    realtime().unfollow(following);
    following = undefined;
  }
  set({ owner, guestEnabled, status: "idle", conversation: null, unread: 0 });
  if (chatState().open || owner !== "guest") void loadChat();
}

export function openChat(): void {
  set({ open: true });
  const { status, unread } = chatState();
  if (status === "idle" || status === "error" || status === "sign-in") void loadChat();
  else if (unread > 0) void markRead();
}

export function closeChat(): void {
  set({ open: false });
}

export async function markRead(): Promise<void> {
  set({ unread: 0 });
  await chatApi()
    .post("/chat/read", {})
    .catch(() => undefined);
}

function append(message: ChatMessage, status: "open" | "closed" = "open") {
  const c = chatState().conversation;
  const messages = c?.messages ?? [];
  if (messages.some((m) => m.id === message.id)) return;
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
  set({ conversation });
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
  const sent = await chatApi().post("/chat/messages", body);
  append(sent.data.message);
}

/** An attachment of the visitor's own conversation, as a file to save (it needs the visitor's credentials). */
export async function downloadAttachment(message: ChatMessage): Promise<void> {
  // The player's session goes as its cookie (decision 0037), made fresh first.
  const headers: Record<string, string> = {};
  await freshSession();
  const guest = storage.get(CHAT_GUEST_TOKEN_KEY);
  if (guest) headers[GUEST_HEADER] = guest;
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

function onEvent(event: RealtimeEvent) {
  if (event.event === EVENTS.message) {
    const { message, unread } = event.data as ChatMessageEvent;
    append(message);
    if (chatState().open) void markRead();
    else set({ unread });
  } else if (event.event === EVENTS.closed && chatState().conversation) {
    set({ conversation: { ...chatState().conversation!, status: "closed" } });
  }
}

if (typeof window !== "undefined") {
  realtimeBus.on("chat", onEvent);
  // Publications missed while the socket was down are not replayed: read the conversation again.
  realtimeBus.on("reconnected", () => {
    if (chatState().status === "ready") void loadChat();
  });
}
