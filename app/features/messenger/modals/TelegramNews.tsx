import { useCallback, useEffect, useState } from "react";
import { Button } from "~/components/ui/Button";
import { BellIcon } from "~/components/ui/icons";
import { useTranslation } from "~/lib/i18n-react";
import { api } from "~/lib/session/client";
import { ModalFrame } from "~/modals/ModalFrame";
import type { ModalProps } from "~/modals/registry";
import { useMessenger } from "../state";

/** The part of `GET /api/player/social-providers` this modal reads. */
interface TelegramInfo {
  telegram: { botUsername: string; newsChannel?: string | null } | null;
}

/**
 * Opens a t.me link the way the place allows: inside the messenger through the SDK (the mini-app stays open
 * under it), elsewhere in a new tab.
 */
async function openTelegram(url: string, inMessenger: boolean): Promise<void> {
  if (inMessenger) {
    const { openInMessenger } = await import("../sdk");
    if (openInMessenger(url)) return;
  }
  window.open(url, "_blank", "noopener,noreferrer");
}

/**
 * `?tg-news=true` (spec point 2's telegram-news; its content is not shown): where the casino's news lives in
 * Telegram. The channel (TELEGRAM_NEWS_CHANNEL) and the bot come from the server's configuration.
 */
export default function TelegramNews({ level, close }: ModalProps) {
  const { t } = useTranslation("modals");
  const inMessenger = useMessenger().active;
  const [state, setState] = useState<{ data?: TelegramInfo; error?: boolean }>();

  const load = useCallback(() => {
    setState(undefined);
    api()
      .get("/player/social-providers")
      .then((data) => setState({ data }))
      .catch(() => setState({ error: true }));
  }, []);
  useEffect(load, [load]);

  const telegram = state?.data?.telegram;
  return (
    <ModalFrame
      level={level}
      onClose={close}
      testId="modal-tg-news"
      icon={<BellIcon size={22} />}
      title={t("tg-news.title")}
      description={t("tg-news.description")}
    >
      {!state ? (
        <div className="grid gap-3" aria-busy="true">
          <div className="h-24 animate-pulse rounded-2xl bg-surface-2" />
          <div className="h-24 animate-pulse rounded-2xl bg-surface-2" />
        </div>
      ) : state.error ? (
        <div role="alert" className="rounded-xl border border-danger/40 bg-danger/10 px-4 py-3 text-sm">
          <p>{t("tg-news.error")}</p>
          <Button variant="link" className="mt-2" onClick={load}>
            {t("tg-news.retry")}
          </Button>
        </div>
      ) : !telegram ? (
        <p className="rounded-xl border border-line bg-surface-2/50 px-4 py-5 text-center text-sm text-muted">
          {t("tg-news.empty")}
        </p>
      ) : (
        <div className="grid gap-3">
          {/* The news channel when there is one (the first, so the main), then the bot. */}
          {(telegram.newsChannel ? (["channel", "bot"] as const) : (["bot"] as const)).map((kind, i) => {
            const handle = kind === "channel" ? telegram.newsChannel! : telegram.botUsername;
            return (
              <TelegramCard
                key={kind}
                testId={`tg-news-${kind}`}
                handle={handle}
                heading={t(`tg-news.${kind}Title`)}
                text={t(`tg-news.${kind}Text`)}
                action={t(kind === "channel" ? "tg-news.openChannel" : "tg-news.openBot")}
                primary={i === 0}
                onOpen={() => openTelegram(`https://t.me/${handle}`, inMessenger)}
              />
            );
          })}
        </div>
      )}
    </ModalFrame>
  );
}

function TelegramCard({
  handle,
  heading,
  text,
  action,
  primary,
  onOpen,
  testId,
}: {
  handle: string;
  heading: string;
  text: string;
  action: string;
  primary?: boolean;
  onOpen: () => void;
  testId: string;
}) {
  return (
    <section data-testid={testId} className="rounded-2xl border border-line bg-surface-2/40 p-4">
      <div className="flex items-center gap-3">
        <span
          aria-hidden="true"
          className="grid size-11 shrink-0 place-items-center rounded-full bg-[#229ed9] text-white"
        >
          <PlaneIcon />
        </span>
        <div className="min-w-0">
          <h3 className="font-bold">{heading}</h3>
          <p className="truncate text-sm text-muted">@{handle}</p>
        </div>
      </div>
      <p className="mt-3 text-sm leading-relaxed text-muted">{text}</p>
      <Button
        variant={primary ? "primary" : "secondary"}
        size="lg"
        className="mt-3 h-11 w-full"
        onClick={onOpen}
      >
        {action}
      </Button>
    </section>
  );
}

/** Telegram's paper plane, drawn on the 24px grid. */
function PlaneIcon() {
  return (
    <svg width="22" height="22" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" focusable="false">
      <path d="M20.7 3.6 2.9 10.5c-1.2.5-1.2 1.2-.2 1.5l4.6 1.4 1.7 5.3c.2.6.1.8.7.8.5 0 .7-.2 1-.5l2.2-2.2 4.7 3.5c.9.5 1.5.2 1.7-.8l3.1-14.6c.3-1.3-.5-1.9-1.4-1.5zM8.2 13.1l10-6.3c.5-.3.9-.1.5.2l-8.5 7.7-.3 3.6-1.7-5.2z" />
    </svg>
  );
}
