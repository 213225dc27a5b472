/**
 * Spec point 9: the session token lives in the `access_token` cookie for 365 days. The server sets it HttpOnly
 * (decision 0037): only server rendering reads it, from the request's Cookie header; the browser's code reads
 * the expiry marker beside it.
 */
export { EXPIRY_COOKIE, TOKEN_COOKIE } from "#common/session-cookie";

import { EXPIRY_COOKIE } from "#common/session-cookie";
/** Spec point 4: a token counts as expired 10 seconds before its expiry claim. */
export const EXPIRY_MARGIN_MS = 10_000;

function base64UrlDecode(part: string): string {
  const b64 = part.replace(/-/g, "+").replace(/_/g, "/");
  const padded = b64 + "=".repeat((4 - (b64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** The token's `exp` claim in milliseconds, or undefined when the token is not a JWT or has none. */
export function tokenExpiry(token: string): number | undefined {
  const payload = token.split(".")[1];
  if (!payload) return undefined;
  try {
    const exp = (JSON.parse(base64UrlDecode(payload)) as { exp?: unknown }).exp;
    return typeof exp === "number" ? exp * 1000 : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whether the token must be refreshed before use: from 10 s before its expiry claim on. A token that cannot be
 * read counts as expired (refresh will tell whether its session lives); one without `exp` never expires.
 */
export function isTokenExpired(token: string, now = Date.now(), marginMs = EXPIRY_MARGIN_MS): boolean {
  if (token.split(".").length !== 3) return true;
  const exp = tokenExpiry(token);
  if (exp === undefined) {
    try {
      JSON.parse(base64UrlDecode(token.split(".")[1]!));
      return false;
    } catch {
      return true;
    }
  }
  return now >= exp - marginMs;
}

/** A cookie's value from a `Cookie` header (or `document.cookie`). */
export function readCookie(header: string | null | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() !== name) continue;
    const value = part.slice(eq + 1).trim();
    try {
      return decodeURIComponent(value) || undefined;
    } catch {
      return value || undefined;
    }
  }
  return undefined;
}

/** The session token's expiry in milliseconds, from the marker cookie the server sets beside it. */
export function markerExpiry(cookieHeader: string | null | undefined): number | undefined {
  const seconds = Number(readCookie(cookieHeader, EXPIRY_COOKIE));
  return Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : undefined;
}
