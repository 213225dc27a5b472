import { widgetCulture } from "#common/sport";
import {
  SPORTSBOOK_EVENTS,
  type SportsbookInitParams,
  type SportsbookSdk,
  type SportsbookSiteSettings,
  type SportsbookStartParams,
  type SportsbookTheme,
  sportsbookGlobal,
} from "#common/sportsbook-widgets";
import { WALLET_KEY } from "~/features/wallet/queries";
import { currentAccount, walletNow } from "~/features/wallet/store";
import { queryClient } from "~/lib/query";
import { api } from "~/lib/session/client";
import { accountChanged } from "~/lib/session/session";
import { sessionStore } from "~/lib/session/store";

/**
 * The sportsbook's loading order (spec point 4): start params set, the sportsbook session token fetched (a
 * logged-in player only, spec point 6), the provider's script loaded if absent, the widgets initialised, and
 * the init-done event awaited; widgets are mounted only after it. Whenever the account-changed event fires
 * (login, logout, colour mode) the token and the theme are sent again. One run per tab.
 */

export interface SportsbookContext {
  settings: SportsbookSiteSettings;
  locale: string;
  /** The visitor's country from the country header (root loader), when the profile has none. */
  headerCountry: string | null;
  mobile: boolean;
}

/** Spec point 9: narrower than this is a phone. */
const MOBILE_WIDTH = 528;

/** The game id of the sportsbook in the game catalogue: its start-game call hands out the token. */
export const SPORTSBOOK_GAME_ID = "sportsbook";

/**
 * Spec point 3: the profile's country, else the country header, else `UA` — the spec's literal fallback (an
 * earlier reading took "UA" for the user agent's language region; the spec and issue 42 name the country code).
 * The sportsbook provider needs some country to pick its market set; this is the one the spec chose.
 */
export const FALLBACK_COUNTRY = "UA";
export function countryCode(profileCountry: string | null | undefined, header: string | null): string {
  if (profileCountry) return profileCountry.toUpperCase();
  if (header) return header.toUpperCase();
  return FALLBACK_COUNTRY;
}

export function startParams(ctx: SportsbookContext): SportsbookStartParams {
  const wallet = walletNow();
  const profile = sessionStore.getState().profile;
  return {
    accountId: sessionStore.getState().loggedIn ? (currentAccount(wallet)?.id ?? null) : null,
    lobbyUrl: window.location.origin,
    locale: ctx.locale || "en",
    countryCode: countryCode(profile?.country, ctx.headerCountry),
    demoMode: false,
    platform: ctx.mobile || window.innerWidth < MOBILE_WIDTH ? 1 : 2,
    provider: ctx.settings.provider,
  };
}

export const currentTheme = (): SportsbookTheme =>
  document.documentElement.classList.contains("light") ? "light" : "dark";

/**
 * The start-game call of the sportsbook game (spec point 7), only for a logged-in player. A failure is only
 * logged (spec point 8: "sportsbook token failure (no user message)"): the player browses as a guest.
 */
export async function fetchToken(params: SportsbookStartParams): Promise<string | undefined> {
  if (!sessionStore.getState().loggedIn) return undefined;
  try {
    const answer = await api().post(`/game/games/${SPORTSBOOK_GAME_ID}/play`, {
      real: true,
      currency: currentAccount(walletNow())?.currency,
      ...params,
    });
    return answer.data.token;
  } catch (err) {
    console.error("sportsbook token failure", err);
    return undefined;
  }
}

/** Adds the provider's script unless it is already on the page; resolves when it has run. */
export function loadScript(src: string): Promise<void> {
  if (sportsbookGlobal(window)) return Promise.resolve();
  return new Promise((resolve, reject) => {
    let script = document.querySelector<HTMLScriptElement>(`script[data-sportsbook="${src}"]`);
    if (!script) {
      script = document.createElement("script");
      script.src = src;
      script.async = true;
      script.dataset.sportsbook = src;
      document.head.appendChild(script);
    }
    script.addEventListener("load", () => resolve(), { once: true });
    script.addEventListener("error", () => reject(new Error(`sportsbook script failed: ${src}`)), {
      once: true,
    });
  });
}

function initDone(): Promise<void> {
  return new Promise((resolve) =>
    window.addEventListener(SPORTSBOOK_EVENTS.initDone, () => resolve(), { once: true }),
  );
}

let run: Promise<SportsbookSdk> | undefined;

/** The initialised sportsbook, loaded once per tab in the spec's order. */
export function loadSportsbook(ctx: SportsbookContext): Promise<SportsbookSdk> {
  run ??= (async () => {
    const params = startParams(ctx);
    const token = await fetchToken(params);
    await loadScript(ctx.settings.scriptUrl);
    const sdk = sportsbookGlobal(window);
    if (!sdk) throw new Error("the sportsbook script defined no LuckySportsbook");
    const init: SportsbookInitParams = {
      ...params,
      token,
      culture: widgetCulture(ctx.locale),
      theme: currentTheme(),
      routerType: "memory",
      apiBase: ctx.settings.apiBase,
      clientId: ctx.settings.clientId,
      currency: currentAccount(walletNow())?.currency,
    };
    const done = initDone();
    await sdk.init(init);
    await done;
    followAccount(sdk, ctx, params.accountId);
    return sdk;
  })().catch((err) => {
    run = undefined;
    throw err;
  });
  return run;
}

/** Sends a fresh token (or none, for a guest) and the theme whenever the account changes. */
function followAccount(sdk: SportsbookSdk, ctx: SportsbookContext, initialAccount: string | null) {
  let latest = 0;
  const refresh = async () => {
    const mine = ++latest;
    sdk.setTheme(currentTheme());
    const params = startParams(ctx);
    const token = await fetchToken(params);
    // A newer change (a logout right after a login) wins.
    if (mine !== latest) return;
    sdk.setToken(token, params.accountId, currentAccount(walletNow())?.currency);
  };
  // The theme class is put on <html> by a listener of the same colour-mode change: read it after that ran.
  accountChanged.addEventListener("change", () => setTimeout(() => void refresh(), 0));
  // The wallet's accounts arrive after the login's account-changed: the token names the current account.
  let account = initialAccount;
  const check = () => {
    const next = currentAccount(walletNow())?.id ?? null;
    if (next === account) return;
    account = next;
    if (sessionStore.getState().loggedIn) void refresh();
  };
  queryClient()
    .getQueryCache()
    .subscribe((e) => {
      if (e.type === "updated" && e.query.queryKey[0] === WALLET_KEY[0] && e.query.queryKey[1] === "accounts")
        check();
    });
  // The accounts may have arrived while the script loaded.
  check();
}

/** A guest's bet asked for a token, or the token ran out: fetch one again (or none for a guest). */
export async function renewToken(ctx: SportsbookContext): Promise<void> {
  const sdk = await loadSportsbook(ctx);
  const params = startParams(ctx);
  sdk.setToken(await fetchToken(params), params.accountId, currentAccount(walletNow())?.currency);
}
