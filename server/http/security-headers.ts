import { randomBytes } from "node:crypto";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { Config } from "../config";
import { analyticsOrigins } from "../modules/settings";

/**
 * Security headers on every answer (issue 20): nosniff, a referrer policy, HSTS when served over HTTPS, and a
 * Content-Security-Policy. The site's pages get a policy with a fresh nonce per page (`pagePolicy`): only the
 * scripts the server wrote into the page run (React Router's, the storage shim, the paint script), plus the
 * scripts the site adds from known hosts (the sportsbook widgets, Telegram's login widget, Sumsub's SDK).
 * JSON answers get a policy that allows nothing, so an answer opened as a document can never run anything.
 *
 * Framing: the site runs as a Telegram mini-app, which Telegram's web clients show in a frame
 * (web.telegram.org and its other *.telegram.org hosts); the house games' pages are framed by the site itself.
 * No one else may frame it.
 */
export const FRAME_ANCESTORS = "'self' https://web.telegram.org https://*.telegram.org";

/** Hosts the site's pages load scripts from besides their own (app/features/…). */
const SCRIPT_HOSTS = ["https://telegram.org", "https://static.sumsub.com"];
/** Frames the site's pages open besides their own: Telegram's login widget, Sumsub's verification. */
const FRAME_HOSTS = ["https://oauth.telegram.org", "https://*.sumsub.com"];
/** Calls the browser makes besides its own host: Sumsub's SDK. */
const CONNECT_HOSTS = ["https://*.sumsub.com", "wss://*.sumsub.com"];

const origin = (url: string | undefined) => {
  if (!url) return [];
  try {
    return [new URL(url).origin];
  } catch {
    return [];
  }
};

/**
 * Enforced. Every browser journey that watches for problems also fails on a violation
 * (tests/e2e/support/browser.ts), so a page that needs a new host fails its journey before it reaches players.
 */
export const CSP_HEADER = "content-security-policy";

/** A nonce: 128 random bits, fresh for every page. */
export const newNonce = () => randomBytes(16).toString("base64");

type SecurityConfig = Pick<
  Config,
  "publicUrl" | "BETTING_PROVIDER_HOST" | "GAME_AGGREGATORS" | "CHAT_TOKEN" | "CHAT_HOST"
> &
  Partial<Pick<Config, "OIDC_PROVIDERS">> &
  Partial<Parameters<typeof analyticsOrigins>[0]>;

/**
 * The built-in studio's game pages (/house-games/…, /{lang}/house-games/…) are a provider's pages: a casino
 * frames them from wherever the player opened it (another host of the same site, the messenger's client
 * around it), as any provider's game is framed by the operator that launched it. Their launch token, not the
 * framing host, is what guards them.
 */
const FRAMED_BY_ANY_SITE = /^\/(?:[a-z]{2}(?:-[a-z]{2})?\/)?house-games\//;
/** The back office (decision 0020): staff screens are framed by no one, the messenger included. */
const FRAMED_BY_NO_ONE = /^\/admin(?:\/|\?|$)/;

/** The CSP of one site page (by its path), allowing the scripts that carry `nonce`. */
export function sitePagePolicy(config: SecurityConfig): (nonce: string, path?: string) => string {
  const sportsbook = origin(config.BETTING_PROVIDER_HOST);
  const games = config.GAME_AGGREGATORS.flatMap((a) => origin(a.launchUrl));
  // The analytics integrations that are configured (decision 0019).
  const analytics = analyticsOrigins(config as Parameters<typeof analyticsOrigins>[0]);
  // The chat widget's host, only while the widget is what the site loads (both keys set; decision 0018).
  const chat = config.CHAT_TOKEN ? origin(config.CHAT_HOST) : [];
  // External login (decision 0005): the browser reads each provider's discovery document and calls its token
  // endpoint itself (decision 0060), and silent renewal opens the provider in a hidden frame.
  const identity = (config.OIDC_PROVIDERS ?? []).flatMap((p) => [...origin(p.issuer), ...(p.origins ?? [])]);
  const script = [...SCRIPT_HOSTS, ...sportsbook, ...chat, ...analytics.script].join(" ");
  const connect = [
    ...CONNECT_HOSTS,
    ...sportsbook,
    ...chat,
    ...chat.map((o) => o.replace(/^http/, "ws")),
    ...analytics.connect,
    ...identity,
  ].join(" ");
  // Games launch from PUBLIC_URL, which may be another host than the one the page was opened on.
  const frames = [
    ...FRAME_HOSTS,
    ...origin(config.publicUrl),
    ...sportsbook,
    ...games,
    ...chat,
    ...identity,
  ].join(" ");
  return (nonce, path = "/") =>
    [
      "default-src 'self'",
      `script-src 'self' 'nonce-${nonce}' ${script}`,
      // React's style attributes and the sportsbook widgets' <style>: styles cannot run code.
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: blob: https:",
      "font-src 'self' data:",
      `connect-src 'self' ${connect}`,
      // Game providers' pages (the house games are ours), the sportsbook's host, Telegram and Sumsub.
      `frame-src 'self' ${frames}`,
      "worker-src 'self' blob:",
      "object-src 'none'",
      "base-uri 'self'",
      `frame-ancestors ${FRAMED_BY_ANY_SITE.test(path) ? "*" : FRAMED_BY_NO_ONE.test(path) ? "'none'" : FRAME_ANCESTORS}`,
    ].join("; ");
}

/**
 * JSON, and the API's few HTML pages (the sandbox checkout and verification: forms, their own styles, no
 * scripts): nothing may load or run.
 */
const API_POLICY = `default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; form-action 'self'; base-uri 'none'; frame-ancestors ${FRAME_ANCESTORS}`;

/** The headers of every answer; the site's pages replace the policy with their own (`writePageHeaders`). */
export function registerSecurityHeaders(app: FastifyInstance, config: SecurityConfig): void {
  const https = config.publicUrl.startsWith("https://");
  app.addHook("onRequest", async (req, reply) => {
    reply.headers({
      "x-content-type-options": "nosniff",
      "referrer-policy": "strict-origin-when-cross-origin",
      [CSP_HEADER]: API_POLICY,
    });
    // HSTS only over HTTPS: the public address says so, or the trusted proxy in front (x-forwarded-proto).
    if (https || req.protocol === "https") {
      reply.header("strict-transport-security", "max-age=31536000; includeSubDomains");
    }
  });
}

/**
 * A site page is written by React Router on the raw response (the reply is hijacked), which carries only what
 * is set on it: the hooks' headers (these, the trace id) are copied over, with the page's own policy.
 */
export function writePageHeaders(reply: FastifyReply, policy: string): void {
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value !== undefined) reply.raw.setHeader(name, value as string | number | string[]);
  }
  reply.raw.setHeader(CSP_HEADER, policy);
}
