import { MutationObserver } from "@tanstack/react-query";
import type { SessionResponse } from "#common/api/player";
import { trackingFields } from "~/features/analytics/tracking";
import { affiliateTag, referralCode } from "~/lib/affiliate";
import { alert } from "~/lib/alerts";
import { ApiRequestError } from "~/lib/api";
import { queryClient } from "~/lib/query";
import { api } from "~/lib/session/client";
import { startSession } from "~/lib/session/session";
import { storage } from "~/lib/storage";
import { storedInitData, storedStartParam } from "./launch";
import { messengerStore } from "./state";

/** The messenger login's mutation, in the tab's mutation cache. */
const MESSENGER_LOGIN_KEY = ["messenger", "login"] as const;

/** Spec point 8: which alert a refused messenger login shows. */
export function loginFailureAlert(
  err: unknown,
): "account-blocked" | "telegram-auth-error" | "something-wrong" {
  const status = err instanceof ApiRequestError ? err.status : 0;
  if (status === 403) return "account-blocked";
  if (status === 401) return "telegram-auth-error";
  return "something-wrong";
}

/**
 * The body of `POST /api/player/tg_login` (spec point 7). The affiliate tag goes under each name the spec
 * lists; without a stored tag the mini-app's start parameter stands in as `ref_id` (a bot link
 * `t.me/bot?startapp=TAG` is how an affiliate brings a messenger user). `frogoFingerprint` is added by the
 * caller when the ad pixel is configured (decision 0019).
 */
export function loginBody(
  initDataRaw: string,
  tag?: string,
  startParam?: string,
  invitedBy?: string,
): Record<string, string> {
  const body: Record<string, string> = { tg_payload: initDataRaw };
  // A player's invitation (?ref); without one the server tries `ref_id` as a player's code (decision 0017).
  if (invitedBy) body.referralCode = invitedBy;
  if (tag) Object.assign(body, { affiliateTag: tag, affiliate_tag: tag });
  const ref = tag ?? startParam;
  if (ref) body.ref_id = ref;
  return body;
}

/** Spec point 7: the messenger login carries the pixel's visitor id as `frogoFingerprint` (when configured). */
const withFrogoFingerprint = (body: Record<string, string>, t: { frogoFingerprint?: string }) =>
  t.frogoFingerprint ? { ...body, frogoFingerprint: t.frogoFingerprint } : body;

async function syncUser(initDataRaw: string): Promise<void> {
  try {
    // With the session cookie the login's answer just set (decision 0037).
    await api().put("/tg-bot/users", { tg_payload: initDataRaw });
  } catch (err) {
    // Spec point 8: a failed messenger user sync shows the telegram-auth-error alert; the session stays.
    console.error("messenger user sync failed", err);
    alert.error("telegram-auth-error");
  }
}

/** The login's own sequence: the messenger's call, then the same session sequence as the sign-in form's. */
async function logIn(raw: string): Promise<boolean> {
  let session: SessionResponse;
  try {
    // Not as the player (client.ts): a refused messenger login must not ask the session to recover.
    session = await api().post(
      "/player/tg_login",
      withFrogoFingerprint(
        loginBody(raw, affiliateTag(), storedStartParam(storage), referralCode()),
        await trackingFields(),
      ),
    );
  } catch (err) {
    alert.error(loginFailureAlert(err));
    return false;
  }
  // Token, profile, accounts, logged in, account-changed.
  await startSession(session);
  void syncUser(raw);
  return true;
}

/** Runs as a mutation of the tab's query client; the header holds its placeholder until it settles. */
async function run(): Promise<boolean> {
  const raw = storedInitData(storage);
  if (!raw) return false;
  messengerStore.setState({ awaitingLogin: true });
  try {
    return await new MutationObserver(queryClient(), {
      mutationKey: MESSENGER_LOGIN_KEY,
      mutationFn: logIn,
    }).mutate(raw);
  } finally {
    messengerStore.setState({ awaitingLogin: false });
  }
}

let running: Promise<boolean> | undefined;

/**
 * Logs the messenger user in from the stored init data (spec point 4). Calls made while one runs share it:
 * a burst of refused calls makes one login.
 */
export function messengerLogin(): Promise<boolean> {
  running ??= run().finally(() => {
    running = undefined;
  });
  return running;
}
