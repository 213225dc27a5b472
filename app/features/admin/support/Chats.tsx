import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { clsx } from "clsx";
import { useEffect, useRef } from "react";
import { Link } from "react-router";
import type { StaffMe } from "#common/api/admin";
import type { SupportChat, SupportChatDetail } from "#common/api/admin-support";
import { Badge } from "~/components/ui/Badge";
import { Button, Pressable } from "~/components/ui/Button";
import { adminApi, can, staffTokenNow } from "~/features/admin/api";
import { ErrorAlert } from "~/features/admin/kit/errors";
import { FilterButtons, ListState, when } from "~/features/admin/ui";
import { SUPPORT_KEYS } from "./live";
import { ReplyBox } from "./ReplyBox";

const who = (c: SupportChat) =>
  c.player ? c.player.nickname || c.player.email || `#${c.playerId}` : "Guest";

/** Opens a chat attachment in a new tab: fetched with the staff token, so no plain link reaches it. */
async function openAttachment(messageId: string) {
  const tab = window.open("", "_blank");
  const res = await fetch(`/api/admin/support/chat-messages/${messageId}/attachment`, {
    headers: { authorization: `Bearer ${staffTokenNow() ?? ""}` },
  });
  if (!res.ok || !tab) {
    tab?.close();
    return;
  }
  tab.location.href = URL.createObjectURL(await res.blob());
}

/** The list of conversations: unread first, each with its count and who took it. */
export function ChatList({
  status,
  onStatus,
  mine,
  onMine,
  selected,
  onSelect,
}: {
  status: "open" | "closed";
  onStatus: (s: "open" | "closed") => void;
  mine: boolean;
  onMine: (m: boolean) => void;
  selected: string | undefined;
  onSelect: (id: string) => void;
}) {
  const list = useQuery({
    queryKey: [...SUPPORT_KEYS.chats, status, mine],
    queryFn: () => adminApi.get("/admin/support/chats", { status, mine: mine ? "1" : "0", perPage: 50 }),
  });
  return (
    <div className="grid content-start gap-3">
      <div className="flex flex-wrap gap-2">
        <FilterButtons
          options={
            [
              ["open", "Open"],
              ["closed", "Closed"],
            ] as const
          }
          value={status}
          onChange={onStatus}
        />
        <FilterButtons
          options={
            [
              ["all", "Everyone's"],
              ["mine", "Mine"],
            ] as const
          }
          value={mine ? "mine" : "all"}
          onChange={(v) => onMine(v === "mine")}
        />
      </div>
      <ListState
        loading={list.isPending}
        error={list.error}
        empty={list.data?.data.length === 0}
        emptyText="No conversations here."
      />
      <ul className="grid gap-2" data-testid="support-chats">
        {list.data?.data.map((c) => (
          <li key={c.id}>
            <Pressable
              onClick={() => onSelect(c.id)}
              aria-current={selected === c.id || undefined}
              className={clsx(
                "grid w-full gap-1 rounded-xl border p-3 text-left text-sm transition-colors",
                selected === c.id
                  ? "border-accent bg-accent/10"
                  : "border-line bg-surface hover:bg-surface-2",
              )}
            >
              <span className="flex items-center justify-between gap-2">
                <span className="truncate font-semibold">{who(c)}</span>
                {c.unread > 0 && (
                  <Badge tone="info" size="sm" testId="chat-unread">
                    {c.unread} new
                  </Badge>
                )}
              </span>
              <span className="truncate text-muted">
                {c.lastMessage?.text || (c.lastMessage?.attachment ? "Attachment" : "")}
              </span>
              <span className="text-xs text-muted">
                {when(c.lastMessageAt)} · {c.assignee ? c.assignee.name : "Nobody took it"}
              </span>
            </Pressable>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** One conversation: the player's page beside it, take, close, the messages and the reply box. */
export function ChatView({ id, me, onBack }: { id: string; me: StaffMe; onBack: () => void }) {
  const client = useQueryClient();
  const chat = useQuery({
    queryKey: SUPPORT_KEYS.chat(id),
    queryFn: async () => (await adminApi.get(`/admin/support/chats/${id}`)).data,
  });
  const refresh = () => {
    void client.invalidateQueries({ queryKey: SUPPORT_KEYS.chats });
    void client.invalidateQueries({ queryKey: SUPPORT_KEYS.chat(id) });
  };
  const read = useMutation({
    mutationFn: () => adminApi.post(`/admin/support/chats/${id}/read`, {}),
    onSuccess: refresh,
  });
  const assign = useMutation({
    mutationFn: (force: boolean) => adminApi.post(`/admin/support/chats/${id}/assign`, { force }),
    onSuccess: refresh,
  });
  const close = useMutation({
    mutationFn: () => adminApi.post(`/admin/support/chats/${id}/close`, {}),
    onSuccess: refresh,
  });
  const unread = chat.data?.unread ?? 0;
  // Opening a conversation with unread messages reads them (and every inbox's count drops).
  const { mutate: markRead } = read;
  useEffect(() => {
    if (unread > 0) markRead();
  }, [unread, markRead]);
  const end = useRef<HTMLLIElement>(null);
  const count = chat.data?.messages.length ?? 0;
  useEffect(() => {
    if (count) end.current?.scrollIntoView({ block: "nearest" });
  }, [count]);
  if (!chat.data) return <ListState loading={chat.isPending} error={chat.error} empty={false} emptyText="" />;
  const c: SupportChatDetail = chat.data;
  const mayAnswer = can(me, "support.answer");
  const mine = c.assignee?.id === me.id;
  const error = assign.error ?? close.error;
  return (
    <section
      className="grid content-start gap-3 rounded-2xl border border-line bg-surface p-4"
      data-testid="support-chat"
    >
      <header className="flex flex-wrap items-center gap-2">
        <Button size="sm" variant="ghost" onClick={onBack} className="lg:hidden">
          ← All chats
        </Button>
        <h2 className="mr-auto text-base font-bold">{who(c)}</h2>
        {c.playerId && (
          <Link
            to={`/admin/players/${c.playerId}`}
            target="_blank"
            className="text-sm font-semibold text-accent hover:underline"
            data-testid="chat-player-link"
          >
            Player's page ↗
          </Link>
        )}
        <Badge tone={c.status === "open" ? "ok" : "neutral"} size="sm">
          {c.status}
        </Badge>
      </header>
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span className="text-muted" data-testid="chat-assignee">
          {c.assignee ? `Taken by ${mine ? "you" : c.assignee.name}` : "Nobody has taken it"}
        </span>
        {mayAnswer && c.status === "open" && !mine && (
          <Button
            size="sm"
            variant="secondary"
            disabled={assign.isPending}
            onClick={() => assign.mutate(Boolean(c.assignee))}
          >
            {c.assignee ? "Take over" : "Assign to me"}
          </Button>
        )}
        {mayAnswer && c.status === "open" && (
          <Button size="sm" variant="ghost" disabled={close.isPending} onClick={() => close.mutate()}>
            Close
          </Button>
        )}
      </div>
      <ErrorAlert error={error} />
      <ol
        className="grid max-h-[55vh] gap-2 overflow-y-auto rounded-xl bg-bg/40 p-3"
        data-testid="chat-messages"
      >
        {c.messages.map((m) => (
          <li
            key={m.id}
            className={clsx(
              "grid max-w-[85%] gap-1 rounded-2xl px-3 py-2 text-sm",
              m.author === "operator" ? "justify-self-end bg-accent/15" : "justify-self-start bg-surface-2",
            )}
          >
            {m.text && <p className="whitespace-pre-wrap break-words">{m.text}</p>}
            {m.attachment && (
              <Button size="xs" variant="link" onClick={() => void openAttachment(m.id)}>
                📎 {m.attachment.name}
              </Button>
            )}
            <span className="text-[0.7rem] text-muted">
              {m.author === "operator" ? (m.staffName ?? "Support") : who(c)} · {when(m.createdAt)}
            </span>
          </li>
        ))}
        <li ref={end} aria-hidden="true" />
      </ol>
      {mayAnswer && c.status === "open" ? (
        <ReplyBox
          label="Reply"
          attachments
          onSend={async ({ text, file }) => {
            if (file) {
              const form = new FormData();
              form.set("text", text);
              form.set("file", file);
              await adminApi.post(`/admin/support/chats/${id}/messages`, form);
            } else await adminApi.post(`/admin/support/chats/${id}/messages`, { text });
            refresh();
          }}
        />
      ) : (
        c.status === "closed" && (
          <p className="text-sm text-muted">Closed: the player's next message opens a new conversation.</p>
        )
      )}
    </section>
  );
}
