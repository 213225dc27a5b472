import { reportError } from "~/lib/error-reporting";
import { sessionSettled } from "~/lib/session/session";
import { sessionStore } from "~/lib/session/store";
import { storage } from "~/lib/storage";
import { forgetLaunch, rememberLaunch, storedInitData } from "./launch";
// Static here, so the SDK's chunk is fetched beside this one (the entry asks for both), not after it.
import { startMiniApp } from "./sdk";
import { messengerStore } from "./state";

/**
 * The messenger mode's start once boot.ts has detected a messenger session: loads the SDK, sets the mini-app
 * up, keeps the launch data, and logs in a messenger user who is not logged in. From then on a refused token
 * logs the user in again (boot.ts's relogin) instead of sending them to the sign-in form.
 */
export async function startMiniAppSession(): Promise<void> {
  try {
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
  if (!sessionStore.getState().loggedIn && storedInitData(storage))
    await (await import("./login")).messengerLogin();
  else messengerStore.setState({ awaitingLogin: false });
}
