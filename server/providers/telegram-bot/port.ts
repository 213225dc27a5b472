/**
 * The Telegram Bot API as this server uses it: the bot writes to a player who came from the messenger mini-app
 * (decision 0016), where a browser notification cannot reach them.
 */
export interface TelegramBot {
  /** Bot API `sendMessage` to a user's chat (a private chat's id is the user's id); `url` adds an open button. */
  sendMessage(chatId: string, text: string, opts?: { url?: string; buttonText?: string }): Promise<void>;
}

export class TelegramBotError extends Error {
  override name = "TelegramBotError";
  constructor(
    message: string,
    /** The Bot API's error_code: 403 when the user blocked the bot or never started it. */
    readonly code: number,
  ) {
    super(message);
  }
}
