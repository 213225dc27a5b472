import type { FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { ApiError } from "./errors";
import { type CookieConfig, clearSessionCookies, sessionAnswer, sessionCredential } from "./session-cookie";

export { bearerToken } from "./session-cookie";

/** Who is calling: the player and the session their bearer token belongs to. */
export interface Caller {
  playerId: bigint;
  /** The session row; for a withdrawal token (no session behind it), the grant's id, for logs only. */
  sessionId: string;
  /** Set when the caller holds a withdrawal-only token (decision 0011), which only `withdrawalScope` routes take. */
  scope?: "withdrawal";
  /** The player's status as read with the session on this request, for a service that would read it again. */
  playerStatus?: number;
}

/** Checks a bearer token for a route; `withdrawalScope` says the route also takes a withdrawal-only token. */
export type Authenticate = (token: string, opts: { withdrawalScope: boolean }) => Promise<Caller>;

declare module "fastify" {
  interface FastifyContextConfig {
    /**
     * Who may call the route. `player`: a live session is required (401 otherwise) and `req.player` is the
     * caller. `optional`: guests pass; a caller who sends a token is checked like a player and found in
     * `req.caller`. Unset: anyone, and the token is not read.
     */
    auth?: "player" | "optional";
    /**
     * The route also serves a player whose own break or self-exclusion stops logins, through the withdrawal
     * token (decision 0011): only what withdrawing the remaining balance needs opts in. Any other route answers
     * such a token 403 `withdrawal_only`.
     */
    withdrawalScope?: boolean;
  }
  interface FastifyRequest {
    /** The caller of a route with `auth: "player"`; reading it on any other route is a programming error. */
    readonly player: Caller;
    /** The caller when known (routes with `auth`), undefined for a guest. */
    caller: Caller | undefined;
    /**
     * On an `optional` route, the 401 a stale session cookie earned (the request went on as a guest's). A route
     * that cannot serve guests throws it, so the site renews its session instead of being told to sign in.
     */
    staleSession: ApiError | undefined;
  }
  interface FastifyReply {
    /**
     * Answers a call that issued a session token (login, registration, refresh): sets the `access_token` cookie
     * and its expiry marker, and gives the body without the token to the site's own calls (decision 0037).
     */
    withSession<T extends { accessToken?: string }>(answer: T): T;
    /** Clears the session cookies in this browser (logout, a refused refresh). */
    endSession(): void;
  }
}

/**
 * The one player guard: routes say `config: { auth: "player" | "optional" }` and handlers read `req.player` or
 * `req.caller`. It runs before the body is read or validated, so a stranger learns nothing about the input a
 * call expects. `authenticate` (the player module's) checks the token, its session row and the account.
 *
 * The token comes as a bearer header or as the `access_token` cookie (decision 0037); a change the cookie
 * authenticates must come from the site (`publicUrl`), see session-cookie.ts.
 */
export const authentication = fp<{ authenticate: Authenticate; cookies: CookieConfig }>(
  async (app, { authenticate, cookies }) => {
    const { publicUrl } = cookies;
    app.decorateReply("withSession", function <
      T extends { accessToken?: string },
    >(this: FastifyReply, answer: T) {
      return sessionAnswer(this.request, this, cookies, answer);
    });
    app.decorateReply("endSession", function (this: FastifyReply) {
      clearSessionCookies(this, cookies);
    });
    app.decorateRequest("caller", undefined);
    app.decorateRequest("staleSession", undefined);
    app.decorateRequest("player", {
      getter(this: FastifyRequest): Caller {
        if (!this.caller) throw new Error(`${this.routeOptions.url} reads req.player without auth: "player"`);
        return this.caller;
      },
    });
    app.addHook("onRequest", async (req) => {
      const mode = req.routeOptions.config.auth;
      if (!mode) return;
      const credential = sessionCredential(req, publicUrl);
      const withdrawalScope = req.routeOptions.config.withdrawalScope === true;
      if (mode !== "player" && !credential) return;
      try {
        req.caller = await authenticate(credential?.token ?? "", { withdrawalScope });
      } catch (err) {
        // A cookie comes along unasked and may be stale (a session closed elsewhere): where guests are welcome it
        // is ignored, as no cookie would be. A bearer token was sent on purpose, so its refusal stands.
        const stale = err instanceof ApiError && err.status === 401 && credential?.via === "cookie";
        if (mode === "optional" && stale) {
          req.staleSession = err;
          return;
        }
        throw err;
      }
    });
    // The API document shows which calls want the bearer token.
    app.addHook("onRoute", (route) => {
      const mode = route.config?.auth;
      if (!mode) return;
      const security = mode === "player" ? [{ bearer: [] }] : [{}, { bearer: [] }];
      route.schema = { ...route.schema, security } as typeof route.schema;
    });
  },
  { name: "authentication" },
);
