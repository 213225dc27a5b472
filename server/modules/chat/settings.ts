import type { ChatSiteSettings } from "#common/chat-widget";
import type { Config } from "../../config";

/**
 * Which chat the site offers (spec point 7: an integration runs only when its keys are present): the third-party
 * widget when CHAT_TOKEN and CHAT_HOST are both set, else the built-in chat. Guests chat only with
 * CHAT_GUEST_ENABLED, in either.
 */
export function chatSiteSettings(
  config: Pick<Config, "CHAT_TOKEN" | "CHAT_HOST" | "CHAT_GUEST_ENABLED">,
): ChatSiteSettings {
  const guestEnabled = config.CHAT_GUEST_ENABLED;
  if (config.CHAT_TOKEN && config.CHAT_HOST)
    return {
      provider: "widget",
      guestEnabled,
      widget: { token: config.CHAT_TOKEN, host: config.CHAT_HOST.replace(/\/$/, "") },
    };
  return { provider: "built-in", guestEnabled };
}
