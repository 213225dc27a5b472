import { decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ExternalProvider } from "#common/api/social";
import {
  ExternalLoginError,
  MfaRequiredError,
  MissingRefreshTokenError,
} from "../../app/features/auth/external/errors";
import { type Locks, RENEWAL_LOCK, withRenewalLock } from "../../app/features/auth/external/lock";
import {
  authorizeUrl,
  type Discovery,
  discover,
  exchangeCode,
  logoutUrl,
  newTransaction,
  readAuthorizationResponse,
  refreshTokens,
  TOKEN_CALL,
} from "../../app/features/auth/external/oauth";
import { renewTokens, type StoredTokens, type TokenStore } from "../../app/features/auth/external/renewal";
import { verifyIdToken } from "../../server/modules/social/oidc";
import { type LocalIdp, ORGANIZATION, providerBrowser, startLocalIdp } from "../support/local-idp";

/**
 * The site's OpenID client (app/features/auth/external) against a real provider, oidc-provider, over HTTP: the
 * authorize request, the code and refresh_token grants, the named errors, the renewal under its lock with the
 * prompt=none fallback, and the server's check of the ID tokens it gets (decision 0060).
 */

const REDIRECT = "https://site.example/auth/callback";
let idp: LocalIdp;
let d: Discovery;
let p: ExternalProvider;

beforeAll(async () => {
  idp = await startLocalIdp({
    clientId: "harbor-spa",
    redirectUris: [REDIRECT],
    postLogoutRedirectUris: ["https://site.example/"],
  });
  d = await discover(idp.issuer);
  p = {
    id: "harbor-id",
    name: "Harbor ID",
    issuer: idp.issuer,
    clientId: idp.clientId,
    scope: "openid profile email",
    organization: ORGANIZATION,
    refreshTokens: true,
    refreshTokensFallback: false,
    logout: { federated: true },
  };
});
afterAll(() => idp.close());

/** A person signs in at the provider; answers the provider's tokens and the transaction. */
async function signIn(login: string, provider = p, browser = providerBrowser(REDIRECT)) {
  const tx = newTransaction(provider, REDIRECT, { purpose: "login", returnTo: "/games" });
  const url = await authorizeUrl(d, provider, tx);
  const { code } = readAuthorizationResponse(await browser(url, login), tx);
  return { tx, tokens: await exchangeCode(d, provider, tx, code), browser };
}

/** Web Locks as the browser grants them (Node has none): one holder per name, waiters in order, abortable. */
function memoryLocks(): Locks & { requests: number } {
  const queues = new Map<string, Promise<unknown>>();
  return {
    requests: 0,
    request(name, { signal }, callback) {
      this.requests++;
      const before = queues.get(name) ?? Promise.resolve();
      let granted: () => void = () => {};
      const turn = new Promise<void>((r) => {
        granted = r;
      });
      const run = new Promise<void>((resolve, reject) => {
        signal?.addEventListener("abort", () => reject(signal.reason));
        void before.then(() => {
          if (signal?.aborted) return granted();
          resolve();
        });
      }).then(() => callback().finally(granted));
      queues.set(
        name,
        before.then(() => turn),
      );
      return run;
    },
  };
}

function memoryStore(initial?: StoredTokens): TokenStore & { value?: StoredTokens } {
  return {
    value: initial,
    get() {
      return this.value;
    },
    set(t) {
      this.value = t;
    },
    clear() {
      this.value = undefined;
    },
  };
}

describe("the OpenID client against a local provider", () => {
  it("asks for the code with PKCE, openid profile email offline_access and the organization", async () => {
    const tx = newTransaction(p, REDIRECT, { purpose: "login", returnTo: "/" });
    const url = new URL(await authorizeUrl(d, p, tx));
    expect(url.origin + url.pathname).toBe(d.authorization_endpoint);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: "harbor-spa",
      response_type: "code",
      response_mode: "query",
      scope: "openid profile email offline_access",
      state: tx.state,
      nonce: tx.nonce,
      redirect_uri: REDIRECT,
      code_challenge_method: "S256",
      organization: ORGANIZATION,
    });
    expect(url.searchParams.get("code_challenge")).toMatch(/^[\w-]{43}$/);
    // The client info, base64url JSON as Auth0's SDKs send it.
    const info = url.searchParams.get("auth0Client")!.replace(/-/g, "+").replace(/_/g, "/");
    expect(JSON.parse(atob(info))).toEqual({ name: "lucky-harbor-web", version: "1" });
    expect(url.searchParams.has("prompt")).toBe(false);
  });

  it("exchanges the code for an ID token with the nonce and organization, and a refresh token", async () => {
    const { tx, tokens } = await signIn("org-ada");
    expect(tokens.refresh_token).toEqual(expect.any(String));
    expect(decodeJwt(tokens.id_token)).toMatchObject({
      sub: "org-ada",
      nonce: tx.nonce,
      org_id: ORGANIZATION,
    });
  });

  it("the server accepts that ID token only from a member of the organization it requires", async () => {
    const now = new Date();
    const member = await signIn("org-ada");
    const server = { ...p, organization: ORGANIZATION, logout: undefined };
    await expect(verifyIdToken(server, member.tokens.id_token, member.tx.nonce, now)).resolves.toMatchObject({
      subject: "org-ada",
      email: "org-ada@players.example",
    });
    const outsider = await signIn("ada");
    await expect(verifyIdToken(server, outsider.tokens.id_token, outsider.tx.nonce, now)).rejects.toThrow(
      "organization",
    );
    await expect(verifyIdToken(server, member.tokens.id_token, "another-nonce", now)).rejects.toThrow(
      "nonce",
    );
  });

  it("renews with the refresh_token grant: a rotated token, the same nonce; the spent one is invalid_grant", async () => {
    const { tx, tokens } = await signIn("org-ben");
    const renewed = await refreshTokens(d, p, tokens.refresh_token!);
    expect(renewed.refresh_token).toEqual(expect.any(String));
    expect(renewed.refresh_token).not.toBe(tokens.refresh_token);
    expect(decodeJwt(renewed.id_token)).toMatchObject({ sub: "org-ben", nonce: tx.nonce });
    const spent = await refreshTokens(d, p, tokens.refresh_token!).catch((e: unknown) => e);
    expect(spent).toBeInstanceOf(ExternalLoginError);
    expect(spent).toMatchObject({ code: "refused", providerError: "invalid_grant" });
  });

  it("refuses an answer whose state was not sent: state_mismatch 'Invalid state'; no parameters: nothing to parse", async () => {
    const tx = newTransaction(p, REDIRECT, { purpose: "login", returnTo: "/" });
    const wrong = () => readAuthorizationResponse(`${REDIRECT}?code=abc&state=forged`, tx);
    expect(wrong).toThrow(ExternalLoginError);
    expect(wrong).toThrow("Invalid state");
    expect(() => readAuthorizationResponse(REDIRECT, tx)).toThrow(
      "There are no query params available for parsing",
    );
    expect(() => readAuthorizationResponse(`${REDIRECT}?error=access_denied&state=${tx.state}`, tx)).toThrow(
      expect.objectContaining({ code: "refused", providerError: "access_denied" }),
    );
  });

  it("makes a token call that fails on the way again, three attempts in all, then request_error", async () => {
    expect(TOKEN_CALL).toEqual({ timeoutMs: 10_000, attempts: 3 });
    const { tokens } = await signIn("org-cy");
    const before = idp.tokenCalls.refresh_token ?? 0;
    idp.dropTokenCalls(2);
    const third = await refreshTokens(d, p, tokens.refresh_token!);
    expect(third.id_token).toEqual(expect.any(String));
    expect(idp.tokenCalls.refresh_token).toBe(before + 1);
    idp.dropTokenCalls(3);
    const failed = await refreshTokens(d, p, third.refresh_token!).catch((e: unknown) => e);
    expect(failed).toMatchObject({ code: "request_error", message: "Unable to fetch the token url" });
    // Nothing reached the provider: the token is still good.
    await expect(refreshTokens(d, p, third.refresh_token!)).resolves.toHaveProperty("id_token");
  });

  it("names a second factor asked at the token endpoint mfa_required, carrying the mfa token", async () => {
    const err = await signIn("mfa-dee").catch((e: unknown) => e);
    expect(err).toBeInstanceOf(MfaRequiredError);
    expect(err).toMatchObject({ code: "mfa_required", mfaToken: "mfa-token-mfa-dee" });
  });

  it("builds the v2 logout address with client_id, where to return and the federated flag", async () => {
    const url = logoutUrl(p, "https://site.example/")!;
    expect(url.startsWith(`${idp.issuer}/v2/logout?client_id=harbor-spa&`)).toBe(true);
    expect(url.endsWith("&federated")).toBe(true);
    expect(new URL(url).searchParams.get("returnTo")).toBe("https://site.example/");
    expect(logoutUrl({ ...p, logout: { federated: false } }, "https://site.example/")).not.toContain(
      "federated",
    );
    expect(logoutUrl({ ...p, logout: null }, "https://site.example/")).toBeUndefined();
    // The provider's end-session page takes it: a form that ends the session there and comes back.
    const seen = idp.logouts.length;
    const res = await fetch(url);
    expect(res.status).toBe(200);
    const page = await res.text();
    expect(page).toContain(`action="${idp.issuer}/v2/logout/confirm"`);
    expect(page).toContain('name="logout" value="yes"');
    expect(idp.logouts[seen]?.has("federated")).toBe(true);
  });
});

describe("silent renewal", () => {
  const frameVia = (browser: ReturnType<typeof providerBrowser>) => async (provider: ExternalProvider) => {
    const tx = newTransaction(provider, REDIRECT, { purpose: "login", returnTo: "" });
    const url = await authorizeUrl(d, provider, tx, { prompt: "none" });
    const { code } = readAuthorizationResponse(await browser(url), tx);
    return { tokens: await exchangeCode(d, provider, tx, code), nonce: tx.nonce };
  };

  it("holds the lock 5,000 ms per wait, 10 waits, then raises the timeout error", async () => {
    expect(RENEWAL_LOCK).toEqual({ waitMs: 5000, attempts: 10 });
    const locks = memoryLocks();
    let release: () => void = () => {};
    const held = locks.request("renewal", {}, () => new Promise<void>((r) => (release = r)));
    const err = await withRenewalLock(locks, "renewal", async () => "never", {
      waitMs: 10,
      attempts: 10,
    }).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: "timeout", message: "Timeout" });
    expect(locks.requests).toBe(1 + 10);
    release();
    await held;
    await expect(withRenewalLock(locks, "renewal", async () => "mine")).resolves.toBe("mine");
  });

  it("two renewals at once make one refresh call: the second tab takes the first one's answer", async () => {
    const { tx, tokens, browser } = await signIn("org-eve");
    const store = memoryStore({
      provider: p.id,
      idToken: tokens.id_token,
      nonce: tx.nonce,
      refreshToken: tokens.refresh_token,
      obtainedAt: Date.now() - 1000,
    });
    const deps = { locks: memoryLocks(), store, now: Date.now, frame: frameVia(browser) };
    const before = idp.tokenCalls.refresh_token ?? 0;
    const [a, b] = await Promise.all([renewTokens(deps, p, d), renewTokens(deps, p, d)]);
    expect(idp.tokenCalls.refresh_token).toBe(before + 1);
    expect(b).toEqual(a);
    expect(a.refreshToken).not.toBe(tokens.refresh_token);
    expect(decodeJwt(a.idToken)).toMatchObject({ sub: "org-eve", nonce: tx.nonce });
  });

  it("without a refresh token: missing_refresh_token naming audience and scope, or the hidden frame with the fallback", async () => {
    const { browser } = await signIn("org-fay");
    const store = memoryStore();
    const deps = { locks: memoryLocks(), store, now: Date.now, frame: frameVia(browser) };
    const err = await renewTokens(deps, { ...p, audience: "https://api.example" }, d).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(MissingRefreshTokenError);
    expect((err as Error).message).toBe(
      "Missing Refresh Token (audience: 'https://api.example', scope: 'openid profile email offline_access')",
    );
    // With the fallback, the provider's session answers prompt=none in the frame: no form, a new ID token.
    const renewed = await renewTokens(deps, { ...p, refreshTokensFallback: true }, d);
    expect(decodeJwt(renewed.idToken)).toMatchObject({ sub: "org-fay", nonce: renewed.nonce });
    expect(store.value).toEqual(renewed);
  });

  it("a refused refresh token goes through the frame with the fallback; no provider session is login_required", async () => {
    const { tx, browser } = await signIn("org-gus");
    const stale = { provider: p.id, idToken: "x", nonce: tx.nonce, refreshToken: "revoked", obtainedAt: 0 };
    const fallback = { ...p, refreshTokensFallback: true };
    const renewed = await renewTokens(
      { locks: memoryLocks(), store: memoryStore(stale), now: Date.now, frame: frameVia(browser) },
      fallback,
      d,
    );
    expect(decodeJwt(renewed.idToken).sub).toBe("org-gus");
    // Without the fallback the refusal is the provider's own.
    await expect(
      renewTokens(
        { locks: memoryLocks(), store: memoryStore(stale), now: Date.now, frame: frameVia(browser) },
        p,
        d,
      ),
    ).rejects.toMatchObject({ providerError: "invalid_grant" });
    // A browser the provider has never seen: prompt=none answers login_required.
    const stranger = providerBrowser(REDIRECT);
    await expect(
      renewTokens(
        { locks: memoryLocks(), store: memoryStore(stale), now: Date.now, frame: frameVia(stranger) },
        fallback,
        d,
      ),
    ).rejects.toMatchObject({ code: "login_required" });
  });
});
