import type { FastifyReply, FastifyRequest } from "fastify";
import { decodeJwt } from "jose";
import { EXPIRY_COOKIE, SITE_HEADER, TOKEN_COOKIE, TOKEN_COOKIE_DAYS } from "#common/session-cookie";
import type { Config } from "../config";
import { ApiError } from "./errors";

/**
 * The session cookie (decision 0037). The server alone writes `access_token`, HttpOnly, so a script on the page
 * (ours, a tag manager's, an injected one) can never read the token; the site's calls carry it as a same-origin
 * cookie. Beside it `access_token_expires` holds the token's expiry and nothing else, for the site's refresh.
 */

export type CookieConfig = Pick<Config, "APP_ENV" | "publicUrl">;

/** Secure everywhere but plain-http development and tests (a browser drops a Secure cookie sent over http). */
export function sessionCookieSecure(config: CookieConfig): boolean {
  return config.publicUrl.startsWith("https:") || config.APP_ENV === "production";
}

const MAX_AGE_S = TOKEN_COOKIE_DAYS * 24 * 60 * 60;

const attributes = (config: CookieConfig, httpOnly: boolean) =>
  ({ path: "/", sameSite: "lax", secure: sessionCookieSecure(config), httpOnly }) as const;

/** Stores a newly issued token: the token HttpOnly, its expiry readable, both for 365 days (spec point 9). */
export function setSessionCookies(reply: FastifyReply, config: CookieConfig, token: string): void {
  const { exp } = decodeJwt(token);
  reply.setCookie(TOKEN_COOKIE, token, { ...attributes(config, true), maxAge: MAX_AGE_S });
  reply.setCookie(EXPIRY_COOKIE, String(exp ?? ""), { ...attributes(config, false), maxAge: MAX_AGE_S });
}

/** Forgets the session in this browser: logout, and a refresh the server refused (the session is gone). */
export function clearSessionCookies(reply: FastifyReply, config: CookieConfig): void {
  reply.clearCookie(TOKEN_COOKIE, attributes(config, true));
  reply.clearCookie(EXPIRY_COOKIE, attributes(config, false));
}

/** Whether the call comes from the site's own client (it sends the header; decision 0037). */
export const fromSite = (req: FastifyRequest): boolean => Boolean(req.headers[SITE_HEADER]);

/**
 * The answer of a call that issued a session token: the cookies set, and the body as the caller may see it. The
 * site's calls get the body without the token (a script could read it there); an API client, which holds its
 * token itself, still gets it.
 */
export function sessionAnswer<T extends { accessToken?: string }>(
  req: FastifyRequest,
  reply: FastifyReply,
  config: CookieConfig,
  answer: T,
): T {
  if (!answer.accessToken) return answer;
  setSessionCookies(reply, config, answer.accessToken);
  if (!fromSite(req)) return answer;
  const { accessToken: _kept, ...rest } = answer;
  return rest as T;
}

export interface SessionCredential {
  token: string;
  /** A bearer header is sent on purpose by its holder; a cookie comes along with any request the browser makes. */
  via: "bearer" | "cookie";
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export function bearerToken(req: FastifyRequest): string | undefined {
  const header = req.headers.authorization;
  const m = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return m?.[1];
}

/**
 * The caller's session token: the bearer header (API clients, tests, server rendering), else the cookie. A
 * state-changing call that the cookie alone would authenticate is refused with 403 unless it comes from the site
 * (`assertSameSite`): a cookie rides along with a cross-site form post, a header does not.
 */
export function sessionCredential(req: FastifyRequest, publicUrl: string): SessionCredential | undefined {
  const bearer = bearerToken(req);
  if (bearer) return { token: bearer, via: "bearer" };
  const cookie = req.cookies?.[TOKEN_COOKIE];
  if (!cookie) return undefined;
  if (!SAFE_METHODS.has(req.method)) assertSameSite(req, publicUrl);
  return { token: cookie, via: "cookie" };
}

const crossSite = () =>
  new ApiError(403, "cross_site_request", "This call is accepted only from the site's own pages");

/**
 * A cookie-authenticated change must carry the site's header (another site cannot send it without a CORS
 * preflight, which this server never grants), and where the browser says where the call comes from it must be
 * the site: Sec-Fetch-Site `same-origin`, else an Origin equal to PUBLIC_URL's origin.
 */
function assertSameSite(req: FastifyRequest, publicUrl: string): void {
  if (!fromSite(req)) throw crossSite();
  const fetchSite = req.headers["sec-fetch-site"];
  if (fetchSite !== undefined && fetchSite !== "same-origin") throw crossSite();
  const origin = req.headers.origin;
  if (origin === undefined || fetchSite === "same-origin") return;
  if (origin !== new URL(publicUrl).origin) throw crossSite();
}
