import { clsx } from "clsx";
import { Link } from "react-router";
import type { NotificationMessage } from "#common/api/notification";
import { NOTIFICATION_STATE } from "#common/constants";
import { Pressable } from "~/components/ui/Button";
import { CloseIcon } from "~/components/ui/icons";
import { CheckIcon } from "~/components/ui/page-icons";
import { useLocalePath } from "~/features/shell/nav";
import { useIntlLocale } from "~/lib/formats";
import { useTranslation } from "~/lib/i18n-react";

export function useWhen() {
  const intl = useIntlLocale();
  return (iso: string) =>
    new Intl.DateTimeFormat(intl, { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));
}

/** One message: title, body and time; unread ones are marked and can be marked read; each can be deleted. */
export function MessageItem({
  message,
  onRead,
  onDelete,
  onOpen,
  compact,
}: {
  message: NotificationMessage;
  onRead: () => void;
  onDelete: () => void;
  /** Following the message's link (the popover closes). */
  onOpen?: () => void;
  compact?: boolean;
}) {
  const { t } = useTranslation("layout");
  const href = useLocalePath();
  const when = useWhen();
  const unread = message.state === NOTIFICATION_STATE.unread;
  const title = message.content.url ? (
    <Link
      to={href(message.content.url)}
      onClick={() => {
        if (unread) onRead();
        onOpen?.();
      }}
      className="hover:underline"
    >
      {message.content.title}
    </Link>
  ) : (
    message.content.title
  );
  return (
    <li
      data-testid="notification-message"
      data-state={message.state}
      className={clsx("flex gap-3 rounded-xl p-3", unread ? "bg-surface-2" : "bg-transparent")}
    >
      <span
        aria-hidden
        className={clsx("mt-1.5 size-2 shrink-0 rounded-full", unread ? "bg-accent" : "bg-transparent")}
      />
      <div className="min-w-0 flex-1">
        <p className={clsx("text-sm text-fg", unread ? "font-bold" : "font-medium")}>
          {unread && <span className="sr-only">{t("notifications.unread")} </span>}
          {title}
        </p>
        <p className={clsx("mt-0.5 text-sm text-muted", compact && "line-clamp-2")}>{message.content.body}</p>
        <p className="mt-1 text-xs text-muted">{when(message.createdAt)}</p>
      </div>
      <div className="flex shrink-0 flex-col gap-1">
        {unread && (
          <MessageAction
            onClick={onRead}
            testId="notification-read"
            label={t("notifications.markRead", { title: message.content.title })}
            title={t("notifications.markReadShort")}
            icon={<CheckIcon size={16} />}
          />
        )}
        <MessageAction
          onClick={onDelete}
          testId="notification-delete"
          label={t("notifications.delete", { title: message.content.title })}
          title={t("notifications.deleteShort")}
          icon={<CloseIcon size={16} />}
        />
      </div>
    </li>
  );
}

/** A message's small icon button (mark read, delete): named for the message it acts on, titled in short. */
function MessageAction({
  onClick,
  testId,
  label,
  title,
  icon,
}: {
  onClick: () => void;
  testId: string;
  label: string;
  title: string;
  icon: React.ReactNode;
}) {
  return (
    <Pressable
      onClick={onClick}
      data-testid={testId}
      aria-label={label}
      title={title}
      className="grid size-8 place-items-center rounded-lg text-muted hover:bg-surface hover:text-fg"
    >
      {icon}
    </Pressable>
  );
}
