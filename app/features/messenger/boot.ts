import { useEffect } from "react";
import { reportError } from "~/lib/error-reporting";
import { sessionLost, sessionSettled, setRelogin } from "~/lib/session/session";
import { sessionStore } from "~/lib/session/store";
import { storage } from "~/lib/storage";
import {
  forgetLaunch,
  isMessengerSession,
  launchHints,
  rememberBotUrl,
  rememberLaunch,
  storedInitData,
} from "./launch";

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
 * Starts the messenger mode (spec points 4 and 9): loads the SDK only now, sets the mini-app up, keeps the
 * launch data, and logs in a messenger user who is not logged in. From then on a refused token logs the user
 * in again instead of sending them to the sign-in form.
 */
export async function startMessenger(): Promise<void> {
  if (started || !detectMessenger()) return;
  started = true;
  try {
    const { startMiniApp } = await import("./sdk");
    const launch = await startMiniApp();
    if (launch) {
      rememberLaunch(storage, launch.initDataRaw, launch.initData);
      messengerStore.setState({ platform: launch.platform });
    }
  } catch (err) {
    // Spec point 8: a failed start clears the init data, is reported (error reporting, decision 0019) and logged.
    forgetLaunch(storage);
    reportError(err, { where: "messenger init" });
    console.error("messenger init failed", err);
  }
  // A session the page left for the browser to read (decision 0075) is read first: it may be this user's.
  await sessionSettled;
  if (!sessionStore.getState().loggedIn && storedInitData(storage)) await messengerLogin();
  else messengerStore.setState({ awaitingLogin: false });
}

/** For the root: detection during the first client render, the rest after hydration, browser only. */
export function useMessengerBoot(): void {
  detectMessenger();
  useEffect(() => {
    void startMessenger();
  }, []);
}
