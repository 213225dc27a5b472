import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * A subscription token for a channel no user owns (a guest's support chat, decision 0018): the HMAC of the
 * channel's name under the server's secret. Whoever holds it may listen to that channel, and to no other.
 */
export function signChannelToken(secret: string, channel: string): string {
  return createHmac("sha256", secret).update(`channel:${channel}`).digest("base64url");
}

export function verifyChannelToken(secret: string, channel: string, token: string): boolean {
  const expected = Buffer.from(signChannelToken(secret, channel));
  const sent = Buffer.from(token);
  return sent.length === expected.length && timingSafeEqual(sent, expected);
}
