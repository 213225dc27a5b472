import { useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router";
import { NOTIFICATION_LIMITS } from "#common/constants";
import { Button, Pressable } from "~/components/ui/Button";
import { Spinner } from "~/components/ui/Field";
import { BellIcon } from "~/components/ui/icons";
import { useLocalePath } from "~/features/shell/nav";
import { useTranslation } from "~/lib/i18n-react";
import { MessageItem } from "./MessageItem";
import { useNewestMessages, useNotificationActions, useNotificationsLive } from "./queries";

/**
 * The header's bell (issue #18): the unread count, and a popover of the newest 3 messages (spec point 9) to read
 * and delete, with the way to all of them. New messages arrive live with the new-notification alert.
 */
export function Bell() {
  const { t } = useTranslation("layout");
  const href = useLocalePath();
  useNotificationsLive();
  const newest = useNewestMessages();
  const { read, readAll, remove } = useNotificationActions();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const unread = newest.data?.meta.totalUnread ?? 0;

  useEffect(() => {
    if (!open) return;
    const outside = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") setOpen(false);
    };
    document.addEventListener("pointerdown", outside);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("pointerdown", outside);
      document.removeEventListener("keydown", onKey);
    };
  }, [open]);

  return (
    <div ref={root} className="relative">
      <Pressable
        data-testid="notification-bell"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={unread > 0 ? t("notifications.bellUnread", { count: unread }) : t("notifications.bell")}
        onClick={() => setOpen((o) => !o)}
        className="relative grid size-10 shrink-0 place-items-center rounded-xl text-muted transition-colors hover:bg-surface-2 hover:text-fg"
      >
        <BellIcon size={20} />
        {unread > 0 && (
          <span
            data-testid="notification-unread"
            className="absolute top-1 right-1 grid min-w-4.5 place-items-center rounded-full bg-accent px-1 text-[11px] leading-4.5 font-bold text-accent-fg"
          >
            {unread > 99 ? "99+" : unread}
          </span>
        )}
      </Pressable>
      {open && (
        <section
          id={panelId}
          data-testid="notification-popover"
          aria-label={t("notifications.title")}
          style={{ width: `min(${NOTIFICATION_LIMITS.width + 60}px, calc(100vw - 24px))` }}
          className="fixed top-[calc(var(--messenger-top,0px)+4.25rem)] right-3 z-40 rounded-2xl border border-line bg-surface p-2 shadow-[0_24px_60px_-20px_rgba(0,0,0,0.7)] sm:absolute sm:top-12 sm:right-0"
        >
          <header className="flex items-center justify-between gap-2 px-2 py-1.5">
            <h2 className="text-sm font-bold text-fg">{t("notifications.title")}</h2>
            {unread > 0 && (
              <Button
                variant="link"
                className="text-xs"
                onClick={() => readAll.mutate()}
                data-testid="notification-read-all"
              >
                {t("notifications.readAll")}
              </Button>
            )}
          </header>
          {newest.isPending ? (
            <div className="grid h-24 place-items-center" aria-busy="true">
              <Spinner />
            </div>
          ) : newest.isError ? (
            <div className="grid gap-2 p-4 text-center text-sm text-muted">
              <p>{t("notifications.failed")}</p>
              <Button variant="link" onClick={() => newest.refetch()}>
                {t("profile.retry")}
              </Button>
            </div>
          ) : newest.data.data.length === 0 ? (
            <p className="p-6 text-center text-sm text-muted" data-testid="notification-empty">
              {t("notifications.empty")}
            </p>
          ) : (
            <ul className="grid gap-1">
              {newest.data.data.map((m) => (
                <MessageItem
                  key={m.id}
                  message={m}
                  compact
                  onRead={() => read.mutate([m.id])}
                  onDelete={() => remove.mutate([m.id])}
                  onOpen={() => setOpen(false)}
                />
              ))}
            </ul>
          )}
          <Link
            to={href("/profile/notifications")}
            onClick={() => setOpen(false)}
            data-testid="notification-all"
            className="mt-1 block rounded-xl px-3 py-2.5 text-center text-sm font-semibold text-fg hover:bg-surface-2"
          >
            {t("notifications.all")}
          </Link>
        </section>
      )}
    </div>
  );
}
