import {
  closingBehavior,
  init,
  miniApp,
  openTelegramLink,
  retrieveLaunchParams,
  retrieveRawInitData,
  swipeBehavior,
  themeParams,
  viewport,
} from "@telegram-apps/sdk-react";
import { setHostTheme } from "~/lib/color-mode";

/**
 * The part of the mini-app that needs the messenger SDK. Loaded with a dynamic import, and only in messenger
 * mode: the normal site never downloads it.
 */

export interface LaunchData {
  initDataRaw: string;
  /** The parsed init data (user, auth date, start parameter…). */
  initData: unknown;
  platform: string;
}

/** Older clients lack newer methods: each step is tried alone, so one refusal never stops the others. */
function attempt(step: string, fn: () => unknown): void {
  try {
    const r = fn() as { catch?: (f: (err: unknown) => void) => unknown } | undefined;
    // Requests answer with a promise (the SDK's own kind): its refusal is logged, not thrown.
    if (r && typeof r.catch === "function") r.catch((err) => console.warn(`mini-app: ${step} failed`, err));
  } catch (err) {
    console.warn(`mini-app: ${step} failed`, err);
  }
}

/** How long a client may take to answer a mount request before the page goes on without its answer. */
const MOUNT_TIMEOUT_MS = 3_000;

let started: Promise<LaunchData | undefined> | undefined;

/**
 * Reads the launch data and sets the mini-app up (spec point 9): full screen, expanded, no vertical swipes
 * (they would close the app while a player scrolls a game list), a confirmation before closing (a player may
 * be mid-deposit), ready; and the messenger's theme for the site's "system" mode. Answers undefined when the
 * page has no launch data (a stored bot URL in an ordinary browser). Throws when the SDK cannot start.
 */
export function startMiniApp(): Promise<LaunchData | undefined> {
  started ??= start();
  return started;
}

async function start(): Promise<LaunchData | undefined> {
  let launch: LaunchData;
  try {
    const lp = retrieveLaunchParams();
    const initDataRaw = retrieveRawInitData();
    if (!initDataRaw) return undefined;
    launch = { initDataRaw, initData: lp.tgWebAppData, platform: lp.tgWebAppPlatform };
  } catch {
    return undefined;
  }
  init();

  attempt("theme", () => {
    if (themeParams.mountSync.isAvailable()) themeParams.mountSync();
    if (themeParams.isMounted()) {
      const follow = () => setHostTheme(themeParams.isDark() ? "dark" : "light");
      follow();
      themeParams.isDark.sub(follow);
    }
  });
  attempt("mini app", () => miniApp.mountSync.isAvailable() && miniApp.mountSync());
  attempt("swipe behaviour", () => swipeBehavior.mount.isAvailable() && swipeBehavior.mount());
  attempt("closing behaviour", () => closingBehavior.mount.isAvailable() && closingBehavior.mount());
  // The page is drawn: the client may take its placeholder away now.
  attempt("ready", () => miniApp.ready.isAvailable() && miniApp.ready());

  if (viewport.mount.isAvailable() && !viewport.isMounted()) {
    await viewport.mount({ timeout: MOUNT_TIMEOUT_MS }).catch((err) => {
      console.warn("mini-app: viewport did not mount", err);
    });
  }
  // Full screen puts the messenger's own buttons over the page's top: the header and sheets keep clear of them.
  attempt(
    "safe area",
    () =>
      viewport.bindCssVars.isAvailable() &&
      viewport.bindCssVars((key) =>
        key === "safeAreaInsetTop"
          ? "--tg-safe-top"
          : key === "contentSafeAreaInsetTop"
            ? "--tg-content-safe-top"
            : null,
      ),
  );
  attempt("fullscreen", () => viewport.requestFullscreen.isAvailable() && viewport.requestFullscreen());
  attempt("expand", () => viewport.expand.isAvailable() && viewport.expand());
  attempt(
    "vertical swipes",
    () => swipeBehavior.disableVertical.isAvailable() && swipeBehavior.disableVertical(),
  );
  attempt(
    "closing confirmation",
    () => closingBehavior.enableConfirmation.isAvailable() && closingBehavior.enableConfirmation(),
  );
  return launch;
}

/** Opens a t.me link inside the messenger (a chat, a channel); answers false where the client cannot. */
export function openInMessenger(url: string): boolean {
  if (!openTelegramLink.isAvailable()) return false;
  openTelegramLink(url);
  return true;
}
