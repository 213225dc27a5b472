import type { ExternalProvider, SocialConnection, SocialProviders } from "#common/api/social";
import { trackingFields } from "~/features/analytics/tracking";
import { isMessengerActive } from "~/features/messenger/state";
import { affiliateTag, referralCode } from "~/lib/affiliate";
import { api } from "~/lib/session/client";
import {
  localizedHome,
  onLogout,
  sessionLost,
  setProviderLogout,
  setRelogin,
  startSession,
} from "~/lib/session/session";
import { storage } from "~/lib/storage";
import { externalError, toExternalError } from "./errors";
import { frameAuthorize, handBack, popupAuthorize } from "./frames";
import { EXTERNAL_PROVIDER_KEY } from "./keys";
import type { Locks } from "./lock";
import {
  authorizeUrl,
  discover,
  exchangeCode,
  logoutUrl,
  newTransaction,
  readAuthorizationResponse,
  type TokenSet,
  type Transaction,
} from "./oauth";
import { keep, renewTokens, type StoredTokens, type TokenStore } from "./renewal";

/**
 * External sign-in with OpenID Connect providers (spec points 4–9, decisions 0005 and 0060): the authorization
 * code flow with PKCE, by redirect or in a popup; the server checks the ID token again and logs the player in.
 * A session that came from a provider renews silently (refresh token under the cross-tab lock, or the hidden
 * frame) and, when configured, logs out at the provider too. Nothing here knows a provider by name: they come
 * from GET /api/player/social-providers.
 */

export type { ExternalProvider, SocialConnection, SocialProviders } from "#common/api/social";
export { POPUP } from "./frames";

export type ExternalMode = "redirect" | "popup";

export const CALLBACK_PATH = "/auth/callback";
/** The provider the current session came from: its silent renewal logs the player in again. */
const PROVIDER_KEY = EXTERNAL_PROVIDER_KEY;
/** The provider's tokens (ID token, refresh token, nonce), shared by the tabs. */
const TOKENS_KEY = "externalLoginTokens";
/** Spec points 4 and 9: the external session is marked by this cookie, for one day. */
export const AUTH_COOKIE = "is-authenticated";
/** Spec point 9: a redirect's transaction is kept in a cookie for one day, read only by the callback page. */
const TX_COOKIE = "lh-oidc-tx";
const ONE_DAY_S = 86_400;

let providers: Promise<SocialProviders> | undefined;

/** The configured providers, asked once per page. */
export function loadSocialProviders(): Promise<SocialProviders> {
  providers ??= api()
    .get("/player/social-providers")
    .catch((err) => {
      providers = undefined;
      throw err;
    });
  return providers;
}

async function providerById(id: string): Promise<ExternalProvider> {
  const p = (await loadSocialProviders()).providers.find((x) => x.id === id);
  if (!p) throw externalError("missing_transaction");
  return p;
}

const callbackUrl = () => `${window.location.origin}${CALLBACK_PATH}`;

function writeCookie(name: string, value: string, maxAge: number, path = "/") {
  // biome-ignore lint/suspicious/noDocumentCookie: two small cookies of this module, set and cleared here only
  document.cookie = `${name}=${encodeURIComponent(value)}; path=${path}; max-age=${maxAge}; SameSite=Lax`;
}

function readCookie(name: string): string | undefined {
  const found = document.cookie.split("; ").find((c) => c.startsWith(`${name}=`));
  return found === undefined ? undefined : decodeURIComponent(found.slice(name.length + 1));
}

const tokenStore: TokenStore = {
  get() {
    try {
      const raw = storage.get(TOKENS_KEY);
      return raw ? (JSON.parse(raw) as StoredTokens) : undefined;
    } catch {
      return undefined;
    }
  },
  set: (tokens) => storage.set(TOKENS_KEY, JSON.stringify(tokens)),
  clear: () => storage.remove(TOKENS_KEY),
};

/** The browser's Web Locks, where it has them. */
const browserLocks = (): Locks | undefined =>
  typeof navigator !== "undefined" && "locks" in navigator ? (navigator.locks as Locks) : undefined;

/** Authorizes in a popup or the hidden frame and exchanges the code; answers the tokens and their nonce. */
async function authorizeInWindow(
  p: ExternalProvider,
  how: "popup" | "frame",
  intent: Pick<Transaction, "purpose" | "returnTo">,
): Promise<{ tokens: TokenSet; nonce: string }> {
  const d = await discover(p.issuer);
  const tx = newTransaction(p, callbackUrl(), intent);
  const url = await authorizeUrl(d, p, tx, how === "frame" ? { prompt: "none" } : {});
  const answer = how === "popup" ? await popupAuthorize(url) : await frameAuthorize(url);
  const { code } = readAuthorizationResponse(answer, tx);
  return { tokens: await exchangeCode(d, p, tx, code), nonce: tx.nonce };
}

/** POST /api/player/sessions/social, then the site's login sequence; the session is marked as external. */
async function logIn(provider: string, idToken: string, nonce: string): Promise<void> {
  const session = await api().post("/player/sessions/social", {
    provider,
    idToken,
    nonce,
    affiliateTag: affiliateTag(),
    fingerprint: (await trackingFields()).fingerprint,
    referralCode: referralCode(),
  });
  await startSession(session);
  storage.set(PROVIDER_KEY, provider);
  writeCookie(AUTH_COOKIE, "true", ONE_DAY_S);
  registerRenewal();
}

/**
 * Signs in with a provider. Redirect mode leaves the page (the callback page finishes); popup mode finishes
 * here. `returnTo` is a path on this site.
 */
export async function externalSignIn(
  p: ExternalProvider,
  mode: ExternalMode,
  returnTo: string,
): Promise<void> {
  if (mode === "redirect") {
    const d = await discover(p.issuer);
    const tx = newTransaction(p, callbackUrl(), { purpose: "login", returnTo });
    const url = await authorizeUrl(d, p, tx);
    writeCookie(TX_COOKIE, JSON.stringify(tx), ONE_DAY_S, CALLBACK_PATH);
    window.location.assign(url);
    return;
  }
  try {
    const { tokens, nonce } = await authorizeInWindow(p, "popup", { purpose: "login", returnTo });
    keep(tokenStore, p, tokens, nonce, Date.now());
    await logIn(p.id, tokens.id_token, nonce);
  } catch (err) {
    throw toExternalError(err);
  }
}

/** Links a provider's identity to the signed-in player (in a popup, so the profile stays where it is). */
export async function linkExternal(p: ExternalProvider): Promise<SocialConnection[]> {
  const { tokens, nonce } = await authorizeInWindow(p, "popup", { purpose: "link", returnTo: "" });
  return api()
    .post(`/player/social-connections/${encodeURIComponent(p.id)}`, { idToken: tokens.id_token, nonce })
    .then((r) => r.data);
}

/**
 * The callback page's work. In a popup or the silent-renewal frame it hands the answer to the opening page;
 * after a redirect it finishes the login and answers where to go on. Throws an ExternalLoginError.
 */
export async function completeCallback(url: string): Promise<{ returnTo: string } | "handed-over"> {
  if (handBack(url)) return "handed-over";
  try {
    const saved = readCookie(TX_COOKIE);
    writeCookie(TX_COOKIE, "", 0, CALLBACK_PATH);
    const tx = saved ? (JSON.parse(saved) as Transaction) : undefined;
    const { code } = readAuthorizationResponse(url, tx);
    if (!tx) throw externalError("missing_transaction");
    const p = await providerById(tx.provider);
    const tokens = await exchangeCode(await discover(p.issuer), p, tx, code);
    keep(tokenStore, p, tokens, tx.nonce, Date.now());
    await logIn(p.id, tokens.id_token, tx.nonce);
    return { returnTo: /^\/(?!\/)/.test(tx.returnTo) ? tx.returnTo : "/" };
  } catch (err) {
    throw toExternalError(err);
  }
}

/** Forgets the external session: on logout, and when the provider says the player is no longer logged in. */
function forgetExternal(): void {
  storage.remove(PROVIDER_KEY);
  tokenStore.clear();
  if (typeof document !== "undefined") writeCookie(AUTH_COOKIE, "", 0);
}

/** A fresh ID token (refresh token or hidden frame), then a new site session from it. */
export async function renewSession(): Promise<void> {
  const id = storage.get(PROVIDER_KEY);
  if (!id) throw externalError("login_required");
  const p = await providerById(id);
  const renewed = await renewTokens(
    {
      locks: browserLocks(),
      store: tokenStore,
      now: Date.now,
      frame: (provider) => authorizeInWindow(provider, "frame", { purpose: "login", returnTo: "" }),
    },
    p,
    await discover(p.issuer),
  );
  await logIn(p.id, renewed.idToken, renewed.nonce);
}

/**
 * Silent renewal (spec point 4): when the site's own session is refused, a player who came from a provider is
 * logged in again without a form. The provider's login_required logs the player out where they are, without
 * sending them anywhere; any other failure is a lost session, as for everyone.
 */
async function silentRelogin(): Promise<boolean> {
  try {
    await renewSession();
    return true;
  } catch (err) {
    const named = toExternalError(err);
    console.warn("external session renewal failed", named.code, named.message);
    forgetExternal();
    setRelogin(undefined);
    if (named.code !== "login_required") sessionLost();
    return false;
  }
}

/** Spec point 7: the provider's v2 logout when it is configured, back to the localized home. */
async function providerLogoutUrl(): Promise<string | undefined> {
  const id = storage.get(PROVIDER_KEY);
  if (!id) return undefined;
  const p = await providerById(id).catch(() => undefined);
  return p && logoutUrl(p, `${window.location.origin}${localizedHome()}`);
}

let renewalRegistered = false;

/**
 * Puts silent renewal in place for an external session still marked by its cookie (the messenger has its own
 * re-login), and the provider's logout for an explicit log-out.
 */
export function registerRenewal(): void {
  if (isMessengerActive() || !storage.get(PROVIDER_KEY)) return;
  if (readCookie(AUTH_COOKIE) !== "true") {
    forgetExternal();
    return;
  }
  setRelogin(silentRelogin);
  setProviderLogout(providerLogoutUrl);
  if (renewalRegistered) return;
  renewalRegistered = true;
  onLogout(() => {
    forgetExternal();
    if (!isMessengerActive()) setRelogin(undefined);
    setProviderLogout(undefined);
  });
}
