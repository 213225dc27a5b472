import { clsx } from "clsx";
import type { ReactNode } from "react";
import { useSearchParams } from "react-router";
import type { PageMeta } from "#common/api/paging";
import { NOTIFICATION_STATE } from "#common/constants";
import { Button, Pressable } from "~/components/ui/Button";
import { Card } from "~/components/ui/Card";
import { Pager, usePageParam } from "~/components/ui/Pager";
import { Empty, Failed, Loading } from "~/components/ui/states";
import { Tabs } from "~/components/ui/Tabs";
import { useTranslation } from "~/lib/i18n-react";
import { MessageItem, useWhen } from "./MessageItem";
import { useMessagesPage, useNotificationActions, useNotificationsLive, usePushesPage } from "./queries";

const MESSAGES_PER_PAGE = 20;
type Tab = "messages" | "pushes";

/** /profile/notifications: every message (read, delete, read all) and the push list (20 a page), as tabs. */
export function NotificationLists() {
  const { t } = useTranslation("layout");
  useNotificationsLive();
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get("tab") === "pushes" ? "pushes" : "messages";
  return (
    <Card title={t("notifications.title")}>
      <Tabs<Tab>
        value={tab}
        onChange={(v) =>
          setParams(
            (q) => {
              q.delete("page");
              if (v === "pushes") q.set("tab", "pushes");
              else q.delete("tab");
              return q;
            },
            { preventScrollReset: true },
          )
        }
        label={t("notifications.title")}
        items={[
          { value: "messages", label: t("notifications.messages"), testId: "notifications-tab-messages" },
          { value: "pushes", label: t("notifications.pushes"), testId: "notifications-tab-pushes" },
        ]}
        className="mb-4"
      />
      {tab === "messages" ? <Messages /> : <Pushes />}
    </Card>
  );
}

function Messages() {
  const { t } = useTranslation("layout");
  const [page] = usePageParam();
  const list = useMessagesPage(page, MESSAGES_PER_PAGE);
  const { read, readAll, remove } = useNotificationActions();
  return (
    <ListPage
      list={list}
      name="notifications"
      onReadAll={() => readAll.mutate()}
      empty={<Empty testId="notifications-empty">{t("notifications.empty")}</Empty>}
    >
      {(m) => (
        <MessageItem
          key={m.id}
          message={m}
          onRead={() => read.mutate([m.id])}
          onDelete={() => remove.mutate([m.id])}
        />
      )}
    </ListPage>
  );
}

/**
 * A page of the messages or the pushes: loading, failed, how many are unread (and read all), the rows or
 * `empty`, then the pager.
 */
function ListPage<T>({
  list,
  name,
  onReadAll,
  empty,
  children,
}: {
  list: {
    isPending: boolean;
    isError: boolean;
    refetch: () => unknown;
    data?: { data: T[]; meta: PageMeta & { totalUnread: number } };
  };
  /** The list's test ids: `{name}-list`, `{name}-read-all`. */
  name: "notifications" | "pushes";
  onReadAll: () => void;
  empty: ReactNode;
  children: (row: T) => ReactNode;
}) {
  const { t } = useTranslation("layout");
  if (list.isPending) return <Loading />;
  if (list.isError || !list.data)
    return (
      <Failed onRetry={() => list.refetch()} retryLabel={t("profile.retry")}>
        {t("notifications.failed")}
      </Failed>
    );
  const { data, meta } = list.data;
  return (
    <div data-testid={`${name}-list`}>
      <div className="mb-2 flex items-center justify-between gap-2 text-sm text-muted">
        <span>{t("notifications.unreadCount", { count: meta.totalUnread })}</span>
        {meta.totalUnread > 0 && (
          <Button variant="link" onClick={onReadAll} data-testid={`${name}-read-all`}>
            {t("notifications.readAll")}
          </Button>
        )}
      </div>
      {data.length === 0 ? empty : <ul className="grid gap-1">{data.map(children)}</ul>}
      <Pager meta={meta} label={(p, n) => t("profile.page", { page: p, total: n })} />
    </div>
  );
}

function Pushes() {
  const { t } = useTranslation("layout");
  const when = useWhen();
  const [page] = usePageParam();
  const list = usePushesPage(page);
  const { readPushes, readAllPushes } = useNotificationActions();
  return (
    <ListPage
      list={list}
      name="pushes"
      onReadAll={() => readAllPushes.mutate()}
      empty={<Empty>{t("notifications.noPushes")}</Empty>}
    >
      {(p) => {
        const unread = p.state === NOTIFICATION_STATE.unread;
        return (
          <li
            key={p.id}
            data-testid="push-item"
            data-state={p.state}
            className={clsx("flex items-start gap-3 rounded-xl p-3", unread && "bg-surface-2")}
          >
            <div className="min-w-0 flex-1">
              <p className={clsx("text-sm text-fg", unread ? "font-bold" : "font-medium")}>{p.title}</p>
              <p className="mt-0.5 text-sm text-muted">{p.body}</p>
              <p className="mt-1 text-xs text-muted">{when(p.createdAt)}</p>
            </div>
            {unread && (
              <Pressable
                onClick={() => readPushes.mutate([p.id])}
                className="shrink-0 rounded-lg px-2 py-1 text-xs font-semibold text-accent hover:bg-surface"
              >
                {t("notifications.markReadShort")}
              </Pressable>
            )}
          </li>
        );
      }}
    </ListPage>
  );
}
