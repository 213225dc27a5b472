import type { Config } from "../../../config";
import type { PixSettings } from "../index";
import { pemOf } from "./client";

/** The Pix processor's settings from the configuration; undefined when PIX_API_URL is unset (Pix is off). */
export function pixSettingsOf(c: Config): PixSettings | undefined {
  if (
    !c.PIX_API_URL ||
    !c.PIX_CLIENT_ID ||
    !c.PIX_CLIENT_SECRET ||
    !c.PIX_CERT ||
    !c.PIX_KEY ||
    !c.PIX_KEY_CHAVE
  )
    return undefined;
  return {
    connection: {
      apiUrl: c.PIX_API_URL,
      oauthUrl: c.PIX_OAUTH_URL ?? `${new URL(c.PIX_API_URL).origin}/oauth/token`,
      clientId: c.PIX_CLIENT_ID,
      clientSecret: c.PIX_CLIENT_SECRET,
      cert: pemOf(c.PIX_CERT),
      key: pemOf(c.PIX_KEY),
      ca: c.PIX_CA ? pemOf(c.PIX_CA) : undefined,
    },
    chave: c.PIX_KEY_CHAVE,
    refundsEnabled: c.PIX_REFUNDS_ENABLED,
    webhookUrl: c.PIX_WEBHOOK_URL ?? `${c.publicUrl}/api/payment/webhooks/pix`,
  };
}
