import type { SmsSender } from "./port";

export class SmsSendError extends Error {
  override name = "SmsSendError";
}

/**
 * Twilio's Messages API (https://www.twilio.com/docs/messaging/api/message-resource#create-a-message-resource):
 * one form-encoded POST per message, HTTP basic auth with the account SID and auth token.
 */
export function twilioSms(opts: {
  accountSid: string;
  authToken: string;
  from: string;
  apiUrl?: string;
  timeoutMs?: number;
}): SmsSender {
  const base = (opts.apiUrl ?? "https://api.twilio.com").replace(/\/$/, "");
  const url = `${base}/2010-04-01/Accounts/${encodeURIComponent(opts.accountSid)}/Messages.json`;
  const auth = Buffer.from(`${opts.accountSid}:${opts.authToken}`).toString("base64");
  return {
    name: "twilio",
    async send(m) {
      const res = await fetch(url, {
        method: "POST",
        headers: {
          authorization: `Basic ${auth}`,
          "content-type": "application/x-www-form-urlencoded",
          accept: "application/json",
        },
        body: new URLSearchParams({ To: m.to, From: opts.from, Body: m.text }).toString(),
        signal: AbortSignal.timeout(opts.timeoutMs ?? 10_000),
      });
      if (!res.ok) {
        // Twilio answers { code, message, more_info, status }; the message names what was wrong.
        const body = (await res.json().catch(() => ({}))) as { code?: number; message?: string };
        throw new SmsSendError(
          `Twilio refused the message (${res.status} ${body.code ?? ""}): ${body.message ?? ""}`,
        );
      }
    },
  };
}
