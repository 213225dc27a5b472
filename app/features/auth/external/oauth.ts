import type { ExternalProvider } from "#common/api/social";
import { externalError, fromProviderError, MfaRequiredError } from "./errors";

/**
 * The wire side of external login (spec point 7): the authorize request, the form-encoded token calls
 * (authorization_code and refresh_token grants), the v2 logout address. No window here: the browser's popup,
 * redirect and hidden frame live in frames.ts, so these run (and are tested) against a real provider anywhere.
 */

export interface Discovery {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
}

/** What the token endpoint answers (spec point 7: the fields the site reads). */
export interface TokenSet {
  id_token: string;
  access_token?: string;
  refresh_token?: string;
  expires_in?: number;
  scope?: string;
}

/** One authorization in flight: what the answer must match, and where the login goes on. */
export interface Transaction {
  provider: string;
  state: string;
  nonce: string;
  codeVerifier: string;
  redirectUri: string;
  scope: string;
  purpose: "login" | "link";
  returnTo: string;
}

/** Spec point 9: the token call waits 10 s, and is made up to 3 times. */
export const TOKEN_CALL = { timeoutMs: 10_000, attempts: 3 } as const;

type Fetch = typeof fetch;

const trimSlash = (s: string) => s.replace(/\/+$/, "");

const discoveries = new Map<string, Promise<Discovery>>();

/** The provider's discovery document, once per page (a failure is asked again next time). */
export function discover(issuer: string, fetchImpl: Fetch = fetch): Promise<Discovery> {
  let found = discoveries.get(issuer);
  if (!found) {
    found = (async () => {
      let res: Response;
      try {
        res = await fetchImpl(`${trimSlash(issuer)}/.well-known/openid-configuration`, {
          signal: AbortSignal.timeout(TOKEN_CALL.timeoutMs),
        });
      } catch {
        throw externalError("request_error");
      }
      if (!res.ok) throw externalError("request_error");
      const doc = (await res.json()) as Partial<Discovery>;
      if (!doc.authorization_endpoint || !doc.token_endpoint) throw externalError("request_error");
      return doc as Discovery;
    })();
    found.catch(() => discoveries.delete(issuer));
    discoveries.set(issuer, found);
  }
  return found;
}

/** Spec point 6: `openid profile email` by default, plus `offline_access` when refresh tokens are used. */
export function scopeOf(p: ExternalProvider): string {
  const scopes = new Set((p.scope || "openid profile email").split(/\s+/).filter(Boolean));
  scopes.add("openid");
  if (p.refreshTokens) scopes.add("offline_access");
  return [...scopes].join(" ");
}

const base64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");

export const randomString = (bytes = 32) => base64url(crypto.getRandomValues(new Uint8Array(bytes)));

async function challengeOf(verifier: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier));
  return base64url(new Uint8Array(digest));
}

/** A new transaction: fresh state, nonce and PKCE verifier. */
export function newTransaction(
  p: ExternalProvider,
  redirectUri: string,
  intent: Pick<Transaction, "purpose" | "returnTo">,
): Transaction {
  return {
    provider: p.id,
    state: randomString(),
    nonce: randomString(),
    codeVerifier: randomString(43),
    redirectUri,
    scope: scopeOf(p),
    ...intent,
  };
}

/**
 * The spec's "client info": which client asks, as Auth0's SDKs name themselves (base64url of a small JSON), so a
 * provider's logs tell this site's logins apart; providers that do not know the parameter ignore it.
 */
export const CLIENT_INFO = base64url(
  new TextEncoder().encode(JSON.stringify({ name: "lucky-harbor-web", version: "1" })),
);

/**
 * GET authorize (spec point 7): client_id, scope, response_type=code, response_mode, state, nonce, redirect_uri,
 * the PKCE challenge, the client info, and when asked prompt=none (the hidden frame) and the configured
 * organization.
 */
export async function authorizeUrl(
  d: Discovery,
  p: ExternalProvider,
  tx: Transaction,
  opts: { prompt?: "none" } = {},
): Promise<string> {
  const url = new URL(d.authorization_endpoint);
  const params: Record<string, string | undefined> = {
    client_id: p.clientId,
    scope: tx.scope,
    response_type: "code",
    response_mode: "query",
    state: tx.state,
    nonce: tx.nonce,
    redirect_uri: tx.redirectUri,
    code_challenge: await challengeOf(tx.codeVerifier),
    code_challenge_method: "S256",
    audience: p.audience,
    organization: p.organization,
    max_age: p.maxAge === undefined ? undefined : String(p.maxAge),
    prompt: opts.prompt,
    auth0Client: CLIENT_INFO,
  };
  for (const [k, v] of Object.entries(params)) if (v !== undefined) url.searchParams.set(k, v);
  return url.toString();
}

/**
 * Reads the provider's answer on the callback address: the state must be the one sent (else `state_mismatch`
 * 'Invalid state'), an `error` is named, and an answer with neither code nor error has nothing to parse.
 */
export function readAuthorizationResponse(url: string, tx: Transaction | undefined): { code: string } {
  const params = new URL(url).searchParams;
  const state = params.get("state");
  const code = params.get("code");
  const error = params.get("error");
  if (!state || (!code && !error)) throw externalError("missing_transaction");
  if (!tx) throw externalError("missing_transaction");
  if (state !== tx.state) throw externalError("state_mismatch");
  if (error) throw fromProviderError(error, params.get("error_description") ?? undefined);
  return { code: code as string };
}

/**
 * POST to the token endpoint, form-encoded. A call that fails on the way (network, 10 s timeout) is made again,
 * three attempts in all; an answer from the provider is final. Its `error` is named; `mfa_required` carries the
 * `mfa_token`.
 */
export async function tokenCall(
  d: Discovery,
  form: Record<string, string | undefined>,
  fetchImpl: Fetch = fetch,
  timing: { timeoutMs: number; attempts: number } = TOKEN_CALL,
): Promise<TokenSet> {
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(form)) if (v !== undefined) body.set(k, v);
  let res: Response | undefined;
  for (let attempt = 1; attempt <= timing.attempts && !res; attempt++) {
    try {
      res = await fetchImpl(d.token_endpoint, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
        body: body.toString(),
        signal: AbortSignal.timeout(timing.timeoutMs),
      });
    } catch {
      // Nothing came back: the next attempt, or request_error after the last.
    }
  }
  if (!res) throw externalError("request_error");
  let answer: Partial<TokenSet> & { error?: string; error_description?: string; mfa_token?: string };
  try {
    answer = await res.json();
  } catch {
    throw externalError("request_error");
  }
  if (!res.ok || answer.error) {
    const error = answer.error ?? "request_error";
    if (error === "mfa_required")
      throw new MfaRequiredError(
        answer.error_description || "Multifactor authentication required",
        answer.mfa_token ?? "",
      );
    if (error === "request_error") throw externalError("request_error");
    throw fromProviderError(error, answer.error_description);
  }
  if (typeof answer.id_token !== "string") throw externalError("refused", "no_id_token");
  return answer as TokenSet;
}

/** grant_type=authorization_code with the PKCE verifier. */
export function exchangeCode(
  d: Discovery,
  p: ExternalProvider,
  tx: Transaction,
  code: string,
  fetchImpl: Fetch = fetch,
): Promise<TokenSet> {
  return tokenCall(
    d,
    {
      grant_type: "authorization_code",
      client_id: p.clientId,
      code,
      code_verifier: tx.codeVerifier,
      redirect_uri: tx.redirectUri,
    },
    fetchImpl,
  );
}

/** grant_type=refresh_token, for the audience and scope the token was issued for. */
export function refreshTokens(
  d: Discovery,
  p: ExternalProvider,
  refreshToken: string,
  fetchImpl: Fetch = fetch,
): Promise<TokenSet> {
  return tokenCall(
    d,
    {
      grant_type: "refresh_token",
      client_id: p.clientId,
      refresh_token: refreshToken,
      audience: p.audience,
      scope: scopeOf(p),
    },
    fetchImpl,
  );
}

/**
 * Spec point 7's logout: the provider's v2 logout path with client_id, where to come back (`returnTo`, and the
 * standard `post_logout_redirect_uri` for OpenID end-session endpoints), and the bare `federated` flag when
 * the identity provider behind it should end its session too.
 */
export function logoutUrl(p: ExternalProvider, returnTo: string): string | undefined {
  if (!p.logout) return undefined;
  const url = new URL(`${trimSlash(p.issuer)}/v2/logout`);
  url.searchParams.set("client_id", p.clientId);
  url.searchParams.set("returnTo", returnTo);
  url.searchParams.set("post_logout_redirect_uri", returnTo);
  const query = url.searchParams.toString();
  return `${url.origin}${url.pathname}?${query}${p.logout.federated ? "&federated" : ""}`;
}
