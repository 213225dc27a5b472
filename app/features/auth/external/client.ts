import { UserManager, type UserManagerSettings } from "oidc-client-ts";
import type { ExternalProvider, SocialConnection, SocialProviders } from "#common/api/social";
import { trackingFields } from "~/features/analytics/tracking";
import { isMessengerActive } from "~/features/messenger/state";
import { affiliateTag, referralCode } from "~/lib/affiliate";
import { api } from "~/lib/session/client";
import { onLogout, sessionLost, setRelogin, startSession } from "~/lib/session/session";
import { storage } from "~/lib/storage";
import { externalError, toExternalError } from "./errors";
import { EXTERNAL_PROVIDER_KEY } from "./keys";

/**
 * External sign-in with OpenID Connect providers (spec points 5, 7 and 8): the authorization code flow with
 * PKCE in the browser (oidc-client-ts), by redirect or in a popup; the server checks the ID token again and
 * logs the player in (docs/decisions/0005-external-login.md). Nothing here knows a provider by name: they come
 * from GET /api/player/social-providers.
 */

export type { ExternalProvider, SocialConnection, SocialProviders } from "#common/api/social";

export type ExternalMode = "redirect" | "popup";

/** Spec point 9's constants: the popup is 400 by 600 and gives up after 60 s. */
export const POPUP = { width: 400, height: 600, timeoutS: 60 } as const;
export const CALLBACK_PATH = "/auth/callback";
/** The provider a redirect went to, so the callback page knows whose answer it reads. */
const PENDING_KEY = "externalLoginPending";
/** The provider the current session came from: its silent renewal logs the player in again. */
const PROVIDER_KEY = EXTERNAL_PROVIDER_KEY;
/** Spec point 7: the external session is marked by this cookie. */
const AUTH_COOKIE = "is-authenticated";

/** Where the login should go on, carried through the provider in oidc-client-ts's state. */
interface Intent {
  provider: string;
  purpose: "login" | "link";
  returnTo: string;
  nonce: string;
}

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

function settingsFor(p: ExternalProvider): UserManagerSettings {
  const callback = `${window.location.origin}${CALLBACK_PATH}`;
  const left = Math.max(0, Math.round(window.screenX + (window.outerWidth - POPUP.width) / 2));
  const top = Math.max(0, Math.round(window.screenY + (window.outerHeight - POPUP.height) / 2));
  return {
    authority: p.issuer,
    client_id: p.clientId,
    scope: p.scope,
    response_type: "code",
    redirect_uri: callback,
    popup_redirect_uri: callback,
    silent_redirect_uri: callback,
    // The ID token is all the site needs; the server reads the player from it.
    loadUserInfo: false,
    automaticSilentRenew: false,
    popupWindowFeatures: {
      width: POPUP.width,
      height: POPUP.height,
      left,
      top,
      closePopupWindowAfterInSeconds: POPUP.timeoutS,
    },
    silentRequestTimeoutInSeconds: 10,
  };
}

const managerFor = (p: ExternalProvider) => new UserManager(settingsFor(p));

/** A nonce the ID token must carry back; the server checks it too (spec point 5). */
function newNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** Runs a popup login; its own 60 s clock names a popup that outlived it a timeout, not "closed". */
async function popupIdToken(p: ExternalProvider, intent: Intent): Promise<string> {
  const started = Date.now();
  try {
    const user = await managerFor(p).signinPopup({ state: intent, nonce: intent.nonce });
    if (!user.id_token) throw externalError("refused");
    return user.id_token;
  } catch (err) {
    if (Date.now() - started >= POPUP.timeoutS * 1000 - 500) throw externalError("timeout");
    throw toExternalError(err);
  }
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
  // biome-ignore lint/suspicious/noDocumentCookie: one marker cookie, written here and in forgetExternal
  document.cookie = `${AUTH_COOKIE}=true; path=/; SameSite=Lax`;
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
  const intent: Intent = { provider: p.id, purpose: "login", returnTo, nonce: newNonce() };
  if (mode === "redirect") {
    storage.set(PENDING_KEY, p.id);
    await managerFor(p).signinRedirect({ state: intent, nonce: intent.nonce });
    return;
  }
  await logIn(p.id, await popupIdToken(p, intent), intent.nonce);
}

/** Links a provider's identity to the signed-in player (in a popup, so the profile stays where it is). */
export async function linkExternal(p: ExternalProvider): Promise<SocialConnection[]> {
  const intent: Intent = { provider: p.id, purpose: "link", returnTo: "", nonce: newNonce() };
  const idToken = await popupIdToken(p, intent);
  return api()
    .post(`/player/social-connections/${encodeURIComponent(p.id)}`, {
      idToken,
      nonce: intent.nonce,
    })
    .then((r) => r.data);
}

/**
 * The callback page's work. In a popup or the silent-renewal frame it hands the answer to the opening page;
 * after a redirect it finishes the login and answers where to go on. Throws an ExternalLoginError.
 */
export async function completeCallback(url: string): Promise<{ returnTo: string } | "handed-over"> {
  // The answer's own URL is all the hand-over needs; the provider's settings play no part in it.
  const relay = () =>
    new UserManager({ authority: window.location.origin, client_id: "relay", redirect_uri: url });
  try {
    if (window.opener && window.opener !== window) {
      await relay().signinPopupCallback(url);
      return "handed-over";
    }
    if (window.parent !== window) {
      await relay().signinSilentCallback(url);
      return "handed-over";
    }
    const pending = storage.get(PENDING_KEY);
    if (!pending) throw externalError("missing_transaction");
    const p = await providerById(pending);
    const user = await managerFor(p).signinRedirectCallback(url);
    storage.remove(PENDING_KEY);
    const intent = user.state as Intent | undefined;
    if (!intent || intent.provider !== p.id || !user.id_token) throw externalError("state_mismatch");
    await logIn(p.id, user.id_token, intent.nonce);
    return { returnTo: /^\/(?!\/)/.test(intent.returnTo) ? intent.returnTo : "/" };
  } catch (err) {
    throw toExternalError(err);
  }
}

/** Forgets the external session: on logout, and when the provider says the player is no longer logged in. */
function forgetExternal(): void {
  storage.remove(PROVIDER_KEY);
  if (typeof document !== "undefined") {
    // biome-ignore lint/suspicious/noDocumentCookie: the marker cookie of logIn
    document.cookie = `${AUTH_COOKIE}=; path=/; max-age=0; SameSite=Lax`;
  }
}

/**
 * Silent renewal (spec point 7): when the site's own session is refused, a player who came from a provider is
 * logged in again through a hidden frame (prompt=none). The provider's login_required logs the player out
 * without sending them anywhere; any other failure is a lost session, as for everyone.
 */
async function silentRelogin(): Promise<boolean> {
  const id = storage.get(PROVIDER_KEY);
  try {
    if (!id) throw externalError("login_required");
    const p = await providerById(id);
    const nonce = newNonce();
    const user = await managerFor(p).signinSilent({
      state: { provider: p.id, purpose: "login", returnTo: "", nonce } satisfies Intent,
      nonce,
    });
    if (!user?.id_token) throw externalError("login_required");
    await logIn(p.id, user.id_token, nonce);
    return true;
  } catch (err) {
    forgetExternal();
    setRelogin(undefined);
    if (toExternalError(err).code !== "login_required") sessionLost();
    return false;
  }
}

let renewalRegistered = false;

/** Puts silent renewal in place for an external session (the messenger has its own re-login). */
export function registerRenewal(): void {
  if (isMessengerActive() || !storage.get(PROVIDER_KEY)) return;
  setRelogin(silentRelogin);
  if (renewalRegistered) return;
  renewalRegistered = true;
  onLogout(() => {
    forgetExternal();
    if (!isMessengerActive()) setRelogin(undefined);
  });
}
