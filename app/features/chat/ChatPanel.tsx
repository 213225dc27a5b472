import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import type { ChatMessage } from "#common/api/chat";
import { Button, Pressable } from "~/components/ui/Button";
import { Spinner } from "~/components/ui/Field";
import { IconTile } from "~/components/ui/IconTile";
import { CloseIcon, FileIcon } from "~/components/ui/icons";
import { ChatIcon, PaperclipIcon, SendIcon, WarningIcon } from "~/components/ui/page-icons";
import { useIntlLocale } from "~/lib/formats";
import { useTranslation } from "~/lib/i18n-react";
import { ModalLink } from "~/modals/ModalLink";
import { useChat } from "./state";
import { closeChat, downloadAttachment, errorText, loadChat, sendChatMessage } from "./store";

/** What an attachment may be: what the server takes (checked again there, by content). */
const ACCEPT = "image/jpeg,image/png,image/heic,application/pdf,.heic";
const TEXT_MAX = 2000;

const sizeText = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;

function Message({ message, locale }: { message: ChatMessage; locale: string }) {
  const { t } = useTranslation("layout");
  const mine = message.author === "visitor";
  const [failed, setFailed] = useState(false);
  const time = new Intl.DateTimeFormat(locale, { hour: "2-digit", minute: "2-digit" }).format(
    new Date(message.createdAt),
  );
  return (
    <li
      data-testid="chat-message"
      data-author={message.author}
      className={`flex ${mine ? "justify-end" : ""}`}
    >
      <div
        className={`max-w-[85%] rounded-2xl px-3.5 py-2 text-sm leading-relaxed ${
          mine ? "rounded-br-md bg-accent text-accent-fg" : "rounded-bl-md bg-surface-2 text-fg"
        }`}
      >
        {!mine && <p className="mb-0.5 text-xs font-semibold text-accent">{t("chat.support")}</p>}
        {message.text && <p className="break-words whitespace-pre-wrap">{message.text}</p>}
        {message.attachment && (
          <Pressable
            onClick={() => downloadAttachment(message).catch(() => setFailed(true))}
            className={`mt-1.5 flex w-full items-center gap-2 rounded-xl px-2.5 py-2 text-left text-xs font-semibold ${
              mine ? "bg-black/10" : "bg-surface-3"
            }`}
          >
            <FileIcon size={16} className="shrink-0" />
            <span className="min-w-0 flex-1 truncate">{message.attachment.name}</span>
            <span className="shrink-0 opacity-75">{sizeText(message.attachment.size)}</span>
          </Pressable>
        )}
        {failed && <p className="mt-1 text-xs">{t("chat.attachmentFailed")}</p>}
        <p className={`mt-0.5 text-right text-[10px] ${mine ? "text-accent-fg/70" : "text-muted"}`}>
          <time dateTime={message.createdAt}>{time}</time>
        </p>
      </div>
    </li>
  );
}

/**
 * The built-in support chat (decision 0018): the conversation, a composer with an attachment, and the states
 * around them. A card at the corner on wide screens, a sheet from the bottom on phones.
 */
export function ChatPanel() {
  const { t } = useTranslation("layout");
  const locale = useIntlLocale();
  const chat = useChat();
  const titleId = useId();
  const [text, setText] = useState("");
  const [file, setFile] = useState<File | undefined>();
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const list = useRef<HTMLOListElement>(null);
  const input = useRef<HTMLTextAreaElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const messages = chat.conversation?.messages ?? [];
  const closed = chat.conversation?.status === "closed";

  useEffect(() => {
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.key === "Escape") closeChat();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, []);

  // The newest message in view as messages arrive.
  useEffect(() => {
    const el = list.current;
    if (el && messages.length >= 0) el.scrollTop = el.scrollHeight;
  }, [messages.length]);

  useEffect(() => {
    if (chat.status === "ready") input.current?.focus({ preventScroll: true });
  }, [chat.status]);

  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    if (sending || (!text.trim() && !file)) return;
    setSending(true);
    setError(undefined);
    try {
      await sendChatMessage(text.trim(), file);
      setText("");
      setFile(undefined);
      if (fileInput.current) fileInput.current.value = "";
    } catch (err) {
      setError(errorText(err) ?? t("chat.sendFailed"));
    } finally {
      setSending(false);
    }
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void submit();
    }
  };

  return (
    <>
      <Pressable
        aria-label={t("chat.close")}
        tabIndex={-1}
        onClick={closeChat}
        className="fixed inset-0 z-40 bg-black/50 sm:hidden"
      />
      <section
        role="dialog"
        aria-modal="false"
        aria-labelledby={titleId}
        data-testid="chat-panel"
        className="fixed inset-x-0 bottom-0 z-50 flex h-[min(88dvh,680px)] flex-col overflow-hidden rounded-t-3xl border border-line bg-surface shadow-[0_24px_60px_-20px_rgba(0,0,0,0.7)] sm:inset-x-auto sm:right-6 sm:bottom-6 sm:h-[min(620px,calc(100dvh-7rem))] sm:w-[380px] sm:rounded-2xl"
      >
        <header className="flex items-center gap-3 border-b border-line px-4 py-3">
          <IconTile className="bg-accent/12 text-accent" icon={ChatIcon} />
          <div className="min-w-0 flex-1">
            <h2 id={titleId} className="font-bold text-fg">
              {t("chat.title")}
            </h2>
            <p className="truncate text-xs text-muted">{t("chat.subtitle")}</p>
          </div>
          <Pressable
            onClick={closeChat}
            aria-label={t("chat.close")}
            data-testid="chat-close"
            className="grid size-9 place-items-center rounded-lg text-muted transition-colors hover:bg-surface-2 hover:text-fg"
          >
            <CloseIcon size={18} />
          </Pressable>
        </header>

        {chat.status === "sign-in" ? (
          <div
            data-testid="chat-sign-in"
            className="flex flex-1 flex-col items-center justify-center gap-3 p-6 text-center"
          >
            <IconTile size="lg" className="bg-surface-2 text-muted" icon={ChatIcon} />
            <p className="font-semibold text-fg">{t("chat.signInTitle")}</p>
            <p className="text-sm text-muted">{t("chat.signInText")}</p>
            <div className="mt-2 flex gap-2">
              <ModalLink
                modal="sign-in"
                onClick={closeChat}
                className="inline-flex h-10 items-center rounded-xl border border-line px-4 text-sm font-semibold text-fg hover:bg-surface-2"
              >
                {t("chat.signIn")}
              </ModalLink>
              <ModalLink
                modal="sign-up"
                onClick={closeChat}
                className="inline-flex h-10 items-center rounded-xl bg-accent px-4 text-sm font-bold text-accent-fg hover:brightness-110"
              >
                {t("chat.signUp")}
              </ModalLink>
            </div>
          </div>
        ) : chat.status === "error" ? (
          <div
            data-testid="chat-error"
            className="flex flex-1 flex-col items-center justify-center gap-3 p-6 text-center"
          >
            <WarningIcon size={28} className="text-danger" />
            <p className="text-sm text-muted">{t("chat.loadFailed")}</p>
            <Button variant="secondary" size="sm" onClick={() => void loadChat()}>
              {t("chat.retry")}
            </Button>
          </div>
        ) : chat.status === "ready" ? (
          <>
            <ol
              ref={list}
              data-testid="chat-messages"
              aria-live="polite"
              className="flex flex-1 flex-col gap-2 overflow-y-auto overscroll-contain px-4 py-4"
            >
              {messages.length === 0 && (
                <li data-testid="chat-empty" className="m-auto max-w-64 text-center text-sm text-muted">
                  <p className="font-semibold text-fg">{t("chat.emptyTitle")}</p>
                  <p className="mt-1">{t("chat.emptyText")}</p>
                </li>
              )}
              {messages.map((m) => (
                <Message key={m.id} message={m} locale={locale} />
              ))}
              {closed && (
                <li data-testid="chat-closed" className="mt-2 text-center text-xs text-muted">
                  {t("chat.closedNotice")}
                </li>
              )}
            </ol>
            <form onSubmit={submit} className="border-t border-line p-3">
              {error && (
                <p role="alert" data-testid="chat-send-error" className="mb-2 text-xs text-danger">
                  {error}
                </p>
              )}
              {file && (
                <div className="mb-2 flex items-center gap-2 rounded-xl bg-surface-2 px-3 py-2 text-xs">
                  <FileIcon size={16} className="shrink-0 text-muted" />
                  <span className="min-w-0 flex-1 truncate font-semibold">{file.name}</span>
                  <span className="text-muted">{sizeText(file.size)}</span>
                  <Pressable
                    aria-label={t("chat.removeFile")}
                    onClick={() => {
                      setFile(undefined);
                      if (fileInput.current) fileInput.current.value = "";
                    }}
                    className="grid size-6 place-items-center rounded-md text-muted hover:text-fg"
                  >
                    <CloseIcon size={14} />
                  </Pressable>
                </div>
              )}
              <div className="flex items-end gap-2">
                <label
                  className="grid size-10 shrink-0 cursor-pointer place-items-center rounded-xl text-muted transition-colors hover:bg-surface-2 hover:text-fg"
                  title={t("chat.attach")}
                >
                  <PaperclipIcon size={20} />
                  <span className="sr-only">{t("chat.attach")}</span>
                  <input
                    ref={fileInput}
                    type="file"
                    accept={ACCEPT}
                    data-testid="chat-file"
                    className="sr-only"
                    onChange={(e) => setFile(e.target.files?.[0])}
                  />
                </label>
                <textarea
                  ref={input}
                  rows={1}
                  value={text}
                  maxLength={TEXT_MAX}
                  onChange={(e) => setText(e.target.value)}
                  onKeyDown={onKeyDown}
                  placeholder={t("chat.placeholder")}
                  aria-label={t("chat.placeholder")}
                  data-testid="chat-input"
                  className="max-h-32 min-h-10 flex-1 resize-none rounded-xl border border-line bg-bg px-3 py-2 text-sm text-fg placeholder:text-muted focus:border-accent focus:outline-none"
                />
                <Pressable
                  type="submit"
                  disabled={sending || (!text.trim() && !file)}
                  aria-label={t("chat.send")}
                  data-testid="chat-send"
                  className="grid size-10 shrink-0 place-items-center rounded-xl bg-accent text-accent-fg transition hover:brightness-110 disabled:opacity-40"
                >
                  {sending ? <Spinner /> : <SendIcon size={18} />}
                </Pressable>
              </div>
              <p className="mt-1.5 text-[11px] text-muted">{t("chat.attachHint")}</p>
            </form>
          </>
        ) : (
          <div
            data-testid="chat-loading"
            className="flex flex-1 items-center justify-center"
            aria-busy="true"
          >
            <Spinner />
            <span className="sr-only">{t("chat.loading")}</span>
          </div>
        )}
      </section>
    </>
  );
}
