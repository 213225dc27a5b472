import type { Config } from "../../config";
import { type TelegramBot, TelegramBotError } from "./port";

export type { TelegramBot } from "./port";
export { TelegramBotError } from "./port";

/** The Bot API over HTTPS (TELEGRAM_BOT_API_URL); undefined when the app has no bot (TELEGRAM_BOT_TOKEN unset). */
export function createTelegramBot(
  config: Pick<Config, "TELEGRAM_BOT_TOKEN" | "TELEGRAM_BOT_API_URL">,
): TelegramBot | undefined {
  const token = config.TELEGRAM_BOT_TOKEN;
  if (!token) return undefined;
  const base = config.TELEGRAM_BOT_API_URL.replace(/\/$/, "");
  return {
    async sendMessage(chatId, text, opts = {}) {
      const body: Record<string, unknown> = { chat_id: chatId, text };
      if (opts.url)
        body.reply_markup = { inline_keyboard: [[{ text: opts.buttonText ?? "Open", url: opts.url }]] };
      const res = await fetch(`${base}/bot${token}/sendMessage`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(10_000),
      });
      const answer = (await res.json().catch(() => ({}))) as {
        ok?: boolean;
        description?: string;
        error_code?: number;
      };
      if (!res.ok || answer.ok !== true)
        throw new TelegramBotError(
          answer.description ?? `Bot API answered ${res.status}`,
          answer.error_code ?? res.status,
        );
    },
  };
}
