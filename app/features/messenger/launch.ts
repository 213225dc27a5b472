/**
 * Spec points 3 and 5: a messenger (Telegram mini-app) session is recognised from the messenger's launch data
 * or from a `botURL` query parameter, and keeps its data in local storage under the spec's names. Nothing here
 * loads the messenger SDK: these checks run on every page of the normal site and must stay tiny.
 */

/** The stored client values of spec point 3 that belong to the messenger. */
export const MESSENGER_KEYS = {
  botURL: "botURL",
  /** The raw init data (`initDataRaw`): what the server validates. */
  initData: "initData",
  /** The parsed init data, for reading the user without parsing again. */
  initDataUnsafe: "initDataUnsafe",
} as const;

export interface KeyValueStore {
  get(key: string): string | null;
  set(key: string, value: string): void;
  remove(key: string): void;
}

/** Where the SDK keeps the launch parameters for the tab's lifetime (survives in-app reloads). */
const SDK_LAUNCH_KEY = "tapps/launchParams";
const LAUNCH_PARAM = /(?:^|[?#&])tgWebApp(?:Data|Platform|Version)=/;

/** A bot address worth keeping: http(s), not absurdly long. Anything else is ignored. */
export function cleanBotUrl(value: string | null | undefined): string | undefined {
  const v = value?.trim();
  if (!v || v.length > 300) return undefined;
  try {
    const url = new URL(v);
    return url.protocol === "https:" || url.protocol === "http:" ? url.toString() : undefined;
  } catch {
    return undefined;
  }
}

export interface LaunchHints {
  /** The `botURL` query parameter, when the address has a usable one. */
  botURL?: string;
  /** Telegram opened this page: its launch parameters are in the address, the tab or the webview. */
  launched: boolean;
}

/**
 * What the page itself says about a messenger launch, read without the SDK: the launch parameters Telegram
 * puts in the address's hash, the copy the SDK keeps in session storage, or the native webview's bridge.
 */
export function launchHints(
  href: string,
  sessionValue: (key: string) => string | null = () => null,
  hasWebviewBridge = false,
): LaunchHints {
  const url = new URL(href);
  const botURL = cleanBotUrl(url.searchParams.get(MESSENGER_KEYS.botURL));
  const launched = LAUNCH_PARAM.test(url.hash) || LAUNCH_PARAM.test(url.search) || hasWebviewBridge;
  return { botURL, launched: launched || Boolean(sessionValue(SDK_LAUNCH_KEY)) };
}

/** Spec point 5: a messenger session is one with stored messenger data or a stored bot URL. */
export function isMessengerSession(store: KeyValueStore): boolean {
  return Boolean(store.get(MESSENGER_KEYS.initData) || store.get(MESSENGER_KEYS.botURL));
}

/** Keeps the launch's init data (raw and parsed) for logins later in this session and after reloads. */
export function rememberLaunch(store: KeyValueStore, initDataRaw: string, initData: unknown): void {
  store.set(MESSENGER_KEYS.initData, initDataRaw);
  store.set(MESSENGER_KEYS.initDataUnsafe, JSON.stringify(initData ?? null));
}

export function rememberBotUrl(store: KeyValueStore, botURL: string): void {
  store.set(MESSENGER_KEYS.botURL, botURL);
}

/** Spec point 8: a failed messenger start clears the init data (it cannot be trusted to log in). */
export function forgetLaunch(store: KeyValueStore): void {
  store.remove(MESSENGER_KEYS.initData);
  store.remove(MESSENGER_KEYS.initDataUnsafe);
}

/** The raw init data a messenger login sends as `tg_payload`. */
export function storedInitData(store: KeyValueStore): string | undefined {
  return store.get(MESSENGER_KEYS.initData) || undefined;
}

/** The mini-app's start parameter (`t.me/bot?startapp=…`), which carries a referral like the `stag` tag. */
export function storedStartParam(store: KeyValueStore): string | undefined {
  const raw = store.get(MESSENGER_KEYS.initDataUnsafe);
  if (!raw) return undefined;
  try {
    const v = JSON.parse(raw) as { start_param?: unknown; startParam?: unknown } | null;
    const p = v?.start_param ?? v?.startParam;
    return typeof p === "string" && p.trim() ? p.trim().slice(0, 100) : undefined;
  } catch {
    return undefined;
  }
}
