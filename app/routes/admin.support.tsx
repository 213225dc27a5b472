import { useOutletContext, useSearchParams } from "react-router";
import type { StaffMe } from "#common/api/admin";
import { Badge } from "~/components/ui/Badge";
import { Tabs } from "~/components/ui/Tabs";
import { CannedAnswers } from "~/features/admin/support/Canned";
import { ChatList, ChatView } from "~/features/admin/support/Chats";
import { ContactMessages } from "~/features/admin/support/Contact";
import { SupportHoursForm } from "~/features/admin/support/Hours";
import { useSupportLive } from "~/features/admin/support/live";

type Tab = "chats" | "contact" | "canned" | "hours";
const TABS: Tab[] = ["chats", "contact", "canned", "hours"];

/**
 * `/admin/support` (issue 42, decision 0054): the support desk. Live chats beside the conversation open now,
 * contact messages answered by e-mail, canned answers and the hours; the counts on the tabs come live over the
 * staff channel.
 */
export default function AdminSupport() {
  const me = useOutletContext<StaffMe>();
  const [params, setParams] = useSearchParams();
  const live = useSupportLive();
  const counts = live.data?.counts;
  const tab = (TABS as string[]).includes(params.get("tab") ?? "") ? (params.get("tab") as Tab) : "chats";
  const chatId = params.get("chat") ?? undefined;
  const status = params.get("status") === "closed" ? "closed" : "open";
  const mine = params.get("mine") === "1";
  const contactFilter =
    (["waiting", "done", "all"] as const).find((f) => f === params.get("filter")) ?? "waiting";
  const go = (change: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(change)) {
      if (v === undefined) next.delete(k);
      else next.set(k, v);
    }
    setParams(next, { replace: true });
  };
  /** A tab's name and, when any wait there, how many. */
  const counted = (name: string, n: number | undefined, testId: string) => (
    <span className="flex items-center gap-1.5">
      {name}{" "}
      {n ? (
        <Badge tone="info" size="sm" testId={testId}>
          {n}
        </Badge>
      ) : null}
    </span>
  );
  return (
    <div className="grid gap-5">
      <header className="flex flex-wrap items-baseline gap-x-4 gap-y-1">
        <h1 className="text-2xl font-extrabold">Support</h1>
        {counts && (
          <p className="text-sm text-muted" data-testid="support-counts">
            {counts.chatsOpen} open chats · {counts.chatsUnassigned} not taken · {counts.contactNew} new
            messages
          </p>
        )}
      </header>
      <Tabs
        label="Support desk"
        value={tab}
        onChange={(t) => go({ tab: t, chat: undefined })}
        className="w-full max-w-xl overflow-x-auto"
        items={[
          {
            value: "chats",
            label: counted("Chats", counts?.chatsUnread, "tab-chats-unread"),
            testId: "tab-chats",
          },
          {
            value: "contact",
            label: counted("Messages", counts?.contactNew, "tab-contact-new"),
            testId: "tab-contact",
          },
          { value: "canned", label: "Canned", testId: "tab-canned" },
          { value: "hours", label: "Hours", testId: "tab-hours" },
        ]}
      />
      {tab === "chats" && (
        <div className="grid gap-4 lg:grid-cols-[22rem_1fr]">
          <div className={chatId ? "hidden lg:block" : undefined}>
            <ChatList
              status={status}
              onStatus={(s) => go({ status: s, chat: undefined })}
              mine={mine}
              onMine={(m) => go({ mine: m ? "1" : undefined })}
              selected={chatId}
              onSelect={(id) => go({ chat: id })}
            />
          </div>
          {chatId ? (
            <ChatView key={chatId} id={chatId} me={me} onBack={() => go({ chat: undefined })} />
          ) : (
            <p className="hidden text-sm text-muted lg:block">Choose a conversation.</p>
          )}
        </div>
      )}
      {tab === "contact" && (
        <ContactMessages me={me} filter={contactFilter} onFilter={(f) => go({ filter: f })} />
      )}
      {tab === "canned" && <CannedAnswers me={me} />}
      {tab === "hours" && <SupportHoursForm me={me} />}
    </div>
  );
}
