import { useEffect } from "react";
import { sessionLost, setRelogin } from "~/lib/session/session";
import { sessionStore } from "~/lib/session/store";
import { storage } from "~/lib/storage";
import { isMessengerSession, launchHints, rememberBotUrl, storedInitData } from "./launch";

// The login's code (its calls, the tracking fields) loads only in the mini-app, not with every page.
const messengerLogin = () => import("./login").then((m) => m.messengerLogin());

import { messengerStore } from "./state";

type WithBridge = Window & { TelegramWebviewProxy?: unknown };

const sessionValue = (key: string) => {
  try {
    return window.sessionStorage.getItem(key);
  } catch {
    return null;
  }
};

let detected: boolean | undefined;

/**
 * Decides once per tab, before the first client render (like the session's boot), whether this is a messenger
 * session (spec point 5): a mini-app launch or a bot URL. Keeps the bot URL, switches the mode on, and marks
 * the automatic login as on its way so nothing meanwhile treats the user as a guest (sign-in buttons,
 * stripped player modals).
 */
export function detectMessenger(): boolean {
  if (detected !== undefined || typeof window === "undefined") return detected ?? false;
  const hints = launchHints(
    window.location.href,
    sessionValue,
    Boolean((window as WithBridge).TelegramWebviewProxy),
  );
  if (hints.botURL) rememberBotUrl(storage, hints.botURL);
  detected = hints.launched || isMessengerSession(storage);
  if (!detected) return false;
  const guest = !sessionStore.getState().loggedIn;
  messengerStore.setState({ active: true, awaitingLogin: guest });
  // A bot URL alone (an ordinary browser) has nothing to log in with: such a visitor signs in as anyone does.
  setRelogin(async () => {
    if (storedInitData(storage)) return messengerLogin();
    sessionLost();
    return false;
  });
  return true;
}

let started = false;

/**
 * Starts the messenger mode (spec points 4 and 9) in a messenger session; its code (start.ts) loads only then,
 * not with every page's first paint.
 */
export async function startMessenger(): Promise<void> {
  if (started || !detectMessenger()) return;
  started = true;
  await (await import("./start")).startMiniAppSession();
}

/** For the root: detection during the first client render, the rest after hydration, browser only. */
export function useMessengerBoot(): void {
  detectMessenger();
  useEffect(() => {
    void startMessenger();
  }, []);
}
