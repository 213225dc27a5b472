import type { Profile, SessionResponse } from "#common/api/player";
import { localePath, splitLocale } from "#common/i18n/locales";
import { colorModeChanged } from "../color-mode";
import { reportError } from "../error-reporting";
import { storage } from "../storage";
import { api } from "./client";
import { CHANGE_SESSION_KEY, encodeChange, type SessionChange } from "./cross-tab";
import { createRefresher } from "./refresh";
import { sessionStore } from "./store";
import { markerExpiry } from "./token";

/**
 * The session sequence of spec point 4. Login: (the server has stored the token) set the profile, load accounts, mark logged
 * in, start profile-dependent loads (the realtime connection follows the store, see use-session.ts), emit
 * account-changed, tell the other tabs. Logout undoes all of it.
 */

/** Fired after every login, logout and colour-mode change (spec point 4); the sportsbook re-sends its token on it. */
export const accountChanged = new EventTarget();
const emitAccountChanged = (reason: string) =>
  accountChanged.dispatchEvent(new CustomEvent("change", { detail: reason }));
if (typeof window !== "undefined")
  colorModeChanged.addEventListener("change", () => emitAccountChanged("color-mode"));

type ProfileHook = (profile: Profile) => void | Promise<void>;
const accountsLoaders = new Set<ProfileHook>();
const playerLoaders = new Set<ProfileHook>();
const logoutHandlers = new Set<() => void>();

/**
 * Hook point for the wallet issue: loads the player's accounts during login, before the player counts as
 * logged in (spec point 4's "load accounts"). Nothing registers here yet.
 */
export function onAccountsLoad(load: ProfileHook): () => void {
  accountsLoaders.add(load);
  return () => accountsLoaders.delete(load);
}

/** Profile-dependent loads (bonuses, quests, notifications…), started once the player is logged in. */
export function onPlayerLoads(load: ProfileHook): () => void {
  playerLoaders.add(load);
  return () => playerLoaders.delete(load);
}

/** Cleans a feature's player data on logout (return game, chat, lists). */
export function onLogout(handler: () => void): () => void {
  logoutHandlers.add(handler);
  return () => logoutHandlers.delete(handler);
}

// ---- the session cookie every tab shares (decision 0037)
//
// The server sets `access_token` HttpOnly: this code never sees the token. Calls carry it as a same-origin
// cookie; the `access_token_expires` marker beside it says when to refresh.

/** When the session's token expires (ms), from the server's marker cookie; undefined without one. */
export function readExpiry(): number | undefined {
  return typeof document === "undefined" ? undefined : markerExpiry(document.cookie);
}

const refresher = createRefresher({
  storage,
  readExpiry,
  refresh: async () => {
    // Not as the player (client.ts): a refusal is handled by freshSession below, not by the client's hooks.
    const r = await api().post("/player/sessions/refresh", {});
    sessionStore.setState({ profile: r.profile });
  },
});

/**
 * Makes the session's token good for 10 more seconds, refreshing it when needed (once across tabs), and answers
 * whether a call now goes as the player. A refresh the server refuses (401/403) loses the session, or logs a
 * messenger user in again (spec point 4); a network failure leaves the session and fails the call.
 */
export async function freshSession(): Promise<boolean> {
  if (!sessionStore.getState().loggedIn || endingSession) return false;
  try {
    return await refresher.fresh();
  } catch (err) {
    const status = (err as { status?: number }).status;
    // Spec point 8: a refresh failure is reported (401/403, a refused session, is not), then handled.
    reportError(err, { status, where: "session refresh" });
    if ((status === 401 || status === 403) && (await recoverSession())) return true;
    throw err;
  }
}

/** Set while this tab logs out: the session is being ended on purpose. */
let endingSession = false;
/** Whether the session is being lost (a refusal) or ended by the server on purpose (a break) now. */
let losing = false;

/**
 * Whether this tab is logging out now. The cookie is already gone while the page still shows the player, so a
 * player's call sent then goes as a guest's and is refused: what would send one (a realtime reconnect, the chat)
 * waits for the guest's page instead.
 */
export const isEndingSession = (): boolean => endingSession;

/** Asks the server to forget the session cookie (it is HttpOnly: only the server can); failures do not matter. */
export function forgetCookie(): Promise<unknown> {
  return api()
    .post("/player/sessions/logout", {})
    .catch(() => undefined);
}

/**
 * The realtime hub ended the player's connection for good: ask the server, whose 401 loses the session as usual.
 * Not while this tab ends the session itself: its own logout is why the hub let go (and the 401 would be noise).
 */
export function sessionEndedByHub(): void {
  if (endingSession || losing || !sessionStore.getState().loggedIn) return;
  void api()
    .get("/player/profile")
    .catch(() => undefined);
}

/** Logs the player in again without a form; answers whether a new session is in place. */
type Relogin = () => Promise<boolean>;
let relogin: Relogin | undefined;

/**
 * The messenger mini-app registers its login here: in the mini-app a refused token means "log in again from
 * the messenger", not "go to the sign-in form" (spec points 4 and 7). Kept as a hook so the session module
 * never loads messenger code on the normal site.
 */
export function setRelogin(fn: Relogin | undefined): void {
  relogin = fn;
}

/**
 * The server refused the player's token (401/403). A messenger user logs in again; anyone else loses the
 * session and is sent to sign in. Answers true when a new session is in place (the refused call may be sent
 * again).
 */
export async function recoverSession(): Promise<boolean> {
  // A refusal during a login (its accounts load) belongs to that login, which reports its own failure; one
  // while the session is being lost or ended on purpose belongs to that (no relogin into a break).
  if (!sessionStore.getState().loggedIn || losing) return false;
  if (!relogin) {
    sessionLost();
    return false;
  }
  if (await relogin()) return true;
  // The messenger could not log the player in again (its alert says why): the old session is gone anyway.
  if (sessionStore.getState().loggedIn) {
    void forgetCookie();
    clearLocal();
    announce("logout");
  }
  return false;
}

// ---- cross-tab

function announce(change: SessionChange) {
  storage.set(CHANGE_SESSION_KEY, encodeChange(change));
}

// ---- navigation, handed over by the React tree

let navigate: (to: string) => void | Promise<void> = (to) => window.location.assign(to);
export function setNavigator(fn: (to: string) => void | Promise<void>): void {
  navigate = fn;
}

/** The localized home of the page the visitor is on. */
export function localizedHome(search = ""): string {
  const { locale } = splitLocale(window.location.pathname);
  return `${localePath("/", locale)}${search}`;
}

// ---- the sequence

/**
 * Logs in with an answer of login, registration, auto-login or refresh. Its token is already in the cookie the
 * server set with that answer; the answer itself carries only the profile.
 */
export async function startSession(session: Pick<SessionResponse, "profile">): Promise<void> {
  await adoptSession(session.profile);
  announce("login");
}

/** This tab's part of a login: the profile, the accounts, logged in, the player's loads, account-changed. */
async function adoptSession(profile: Profile): Promise<void> {
  sessionStore.setState({ profile });
  await runAll(accountsLoaders, profile);
  sessionStore.setState({ loggedIn: true, pending: false });
  void runAll(playerLoaders, profile);
  emitAccountChanged("login");
}

let resumed: Profile | undefined;

/**
 * The server rendered the page logged in (root loader): take over without announcing a new login. Its loads
 * wait for `loadResumedSession`, after hydration.
 */
export function resumeSession(profile: Profile): void {
  sessionStore.setState({ profile, loggedIn: true });
  resumed = profile;
}

/** The session the page left for the browser to read (decision 0075), read while the page hydrates. */
let pendingRead: Promise<Profile | null> | undefined;

/**
 * The server drew this page as the guests' shell although the browser holds a session cookie (the home page,
 * decision 0075): the session is read now, beside hydration, and taken over once the page has hydrated. The
 * reading's code is loaded only then (the home's first-paint budget).
 */
export function readPendingSession(): void {
  sessionStore.setState({ pending: true });
  pendingRead = import("./pending").then((m) => m.readOwnProfile());
  sessionSettled = new Promise((resolve) => {
    settle = resolve;
  });
}
let settle = () => {};
/** Settles once a session the page left for the browser to read has been taken over (or found gone). */
export let sessionSettled = Promise.resolve();

/**
 * The resumed session's loads (accounts, then the player's), once the page has hydrated: an answer landing
 * while React hydrates would change what the queries show it, and the page would no longer match the server's.
 * So is a session the page left for the browser to read.
 */
export function loadResumedSession(): void {
  const profile = resumed;
  resumed = undefined;
  if (profile) void runAll(accountsLoaders, profile).then(() => runAll(playerLoaders, profile));
  const read = pendingRead;
  pendingRead = undefined;
  // Taken over as a login, but without telling the other tabs: nothing changed for them.
  if (read)
    void read.then((p) => (p ? adoptSession(p) : sessionStore.setState({ pending: false }))).then(settle);
}

export function setProfile(profile: Profile): void {
  sessionStore.setState({ profile });
}

function clearLocal() {
  sessionStore.setState({ loggedIn: false, profile: null });
  for (const h of logoutHandlers) {
    try {
      h();
    } catch (err) {
      console.error("logout handler failed", err);
    }
  }
  emitAccountChanged("logout");
}

/** Where an explicit log-out goes on to end the player's session at an external provider too (decision 0060). */
type ProviderLogout = () => Promise<string | undefined>;
let providerLogout: ProviderLogout | undefined;

/** External login registers the provider's logout address here; kept as a hook, like setRelogin. */
export function setProviderLogout(fn: ProviderLogout | undefined): void {
  providerLogout = fn;
}

/** Pages only a player may see: leaving them on logout avoids their "sign in" redirect. */
const PLAYER_ONLY = /^\/(profile|wallet)(\/|$)/;

/**
 * The player logs out: the server closes the session, a player-only page is left, then everything local is
 * cleared (the realtime connection follows the store and reconnects anonymously), the other tabs are told, and
 * a session that came from an external provider configured for it goes on to the provider's logout.
 */
export async function logout(): Promise<void> {
  // The server closes the session and clears the cookie (a script here cannot). Calls made meanwhile go as a
  // guest's: their refusals belong to this logout, not to a lost session.
  endingSession = true;
  // Read before the session is cleared: clearing forgets which provider the session came from.
  const atProvider = await providerLogout?.().catch(() => undefined);
  try {
    await forgetCookie();
    // Away first, the session cleared after: cleared while a player-only page is still shown, its guard would
    // send the visitor to sign in, racing this navigation (whichever came last won).
    const away = pageAfterLogout(window.location);
    if (away) await navigate(away);
  } finally {
    clearLocal();
    announce("logout");
    endingSession = false;
  }
  if (atProvider) window.location.assign(atProvider);
}

/**
 * Where a logout takes the page it was on, if anywhere: a player-only page goes home, and a real-money game goes
 * to its demo. The spec's logout "clears the return-game": the real-money game a guest is brought back to once
 * signed in is here the address itself, and left as it was, the screen would ask the visitor who just logged
 * out to sign in again at once.
 */
export function pageAfterLogout(at: { pathname: string; search?: string }): string | undefined {
  const { path } = splitLocale(at.pathname);
  if (PLAYER_ONLY.test(path)) return localizedHome();
  const query = new URLSearchParams(at.search ?? "");
  if (!path.startsWith("/game/") || query.get("real") !== "true") return undefined;
  query.delete("real");
  const rest = query.toString();
  return `${at.pathname}${rest ? `?${rest}` : ""}`;
}

/** Spec point 7: a 401/403 means the session is gone; the visitor is sent to sign in again. */
export function sessionLost(): void {
  if (losing || !sessionStore.getState().loggedIn) return;
  losing = true;
  void forgetCookie();
  clearLocal();
  announce("logout");
  navigate(localizedHome("?sign-in=true"));
  setTimeout(() => {
    losing = false;
  }, 0);
}

/**
 * Runs the call by which the server ends every session on purpose (a break, a self-exclusion), to be followed
 * by `sessionEnded`. The server ends the sessions before its answer arrives: the realtime hub drops this tab at
 * once and calls in flight are refused, and those refusals belong to this ending. Taken for a lost session, they
 * would send the player to the sign-in window instead of the page the ending leads to.
 */
export async function endingSessionBy<T>(call: () => Promise<T>): Promise<T> {
  losing = true;
  try {
    return await call();
  } catch (err) {
    losing = false;
    throw err;
  }
}

/**
 * The server ended every session on purpose (the player took a break or excluded themselves): go `to`, then
 * clear this tab and the others. Calls refused on the way belong to this ending, not to a lost session.
 */
export async function sessionEnded(to: string): Promise<void> {
  losing = true;
  try {
    await navigate(to);
  } finally {
    void forgetCookie();
    clearLocal();
    announce("logout");
    losing = false;
  }
}

/** Another tab logged out: clear this tab without calling the server again. */
export function followLogoutElsewhere(): void {
  clearLocal();
  navigate(localizedHome());
}

async function runAll(hooks: Set<ProfileHook>, profile: Profile) {
  await Promise.all(
    [...hooks].map(async (h) => {
      try {
        await h(profile);
      } catch (err) {
        console.error("profile load failed", err);
      }
    }),
  );
}
