import { describe, expect, it } from "vitest";
import { ApiRequestError } from "~/lib/api";
import {
  cleanBotUrl,
  forgetLaunch,
  isMessengerSession,
  type KeyValueStore,
  launchHints,
  MESSENGER_KEYS,
  rememberBotUrl,
  rememberLaunch,
  storedInitData,
  storedStartParam,
} from "./launch";
import { loginBody, loginFailureAlert } from "./login";
import { messengerModalSearch } from "./modals";

function memoryStore(): KeyValueStore & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    get: (k) => data.get(k) ?? null,
    set: (k, v) => void data.set(k, v),
    remove: (k) => void data.delete(k),
  };
}

describe("messenger launch detection", () => {
  it("sees Telegram's launch parameters in the hash, the SDK's session copy or the webview bridge", () => {
    const plain = "https://casino.example.com/games";
    expect(launchHints(plain)).toEqual({ launched: false, botURL: undefined });
    expect(
      launchHints(`${plain}#tgWebAppData=user%3D1&tgWebAppVersion=8.0&tgWebAppPlatform=ios`).launched,
    ).toBe(true);
    expect(launchHints(`${plain}?tgWebAppPlatform=android`).launched).toBe(true);
    expect(launchHints(plain, (k) => (k === "tapps/launchParams" ? "tgWebAppData=…" : null)).launched).toBe(
      true,
    );
    expect(launchHints(plain, () => null, true).launched).toBe(true);
    // A look-alike parameter is not a launch.
    expect(launchHints(`${plain}?xtgWebAppData=1`).launched).toBe(false);
  });

  it("reads a usable botURL query parameter and ignores anything else", () => {
    const bot = "https://t.me/lucky_harbor_bot";
    expect(launchHints(`https://casino.example.com/?botURL=${encodeURIComponent(bot)}`).botURL).toBe(bot);
    expect(launchHints("https://casino.example.com/?botURL=javascript:alert(1)").botURL).toBeUndefined();
    expect(cleanBotUrl("not a url")).toBeUndefined();
    expect(cleanBotUrl(`https://t.me/${"x".repeat(400)}`)).toBeUndefined();
    expect(cleanBotUrl("  https://t.me/bot  ")).toBe("https://t.me/bot");
  });

  it("keeps the messenger data under the spec's keys and says when the session is a messenger one", () => {
    const store = memoryStore();
    expect(isMessengerSession(store)).toBe(false);
    rememberBotUrl(store, "https://t.me/bot");
    expect(isMessengerSession(store)).toBe(true);
    expect(store.data.get("botURL")).toBe("https://t.me/bot");

    const other = memoryStore();
    rememberLaunch(other, "user=%7B%7D&hash=abc", { start_param: "aff42", user: { id: 1 } });
    expect(isMessengerSession(other)).toBe(true);
    expect(other.data.get(MESSENGER_KEYS.initData)).toBe("user=%7B%7D&hash=abc");
    expect(JSON.parse(other.data.get(MESSENGER_KEYS.initDataUnsafe)!)).toEqual({
      start_param: "aff42",
      user: { id: 1 },
    });
    expect(storedInitData(other)).toBe("user=%7B%7D&hash=abc");
    expect(storedStartParam(other)).toBe("aff42");

    // A failed start forgets the init data, so no login is tried with it.
    forgetLaunch(other);
    expect(storedInitData(other)).toBeUndefined();
    expect(storedStartParam(other)).toBeUndefined();
    expect(isMessengerSession(other)).toBe(false);
  });

  it("reads no start parameter out of damaged stored data", () => {
    const store = memoryStore();
    store.set(MESSENGER_KEYS.initDataUnsafe, "{not json");
    expect(storedStartParam(store)).toBeUndefined();
    store.set(MESSENGER_KEYS.initDataUnsafe, JSON.stringify({ startParam: "camel" }));
    expect(storedStartParam(store)).toBe("camel");
  });
});

describe("messenger login", () => {
  it("sends the raw init data with the affiliate tag under each of the spec's names", () => {
    expect(loginBody("raw")).toEqual({ tg_payload: "raw" });
    expect(loginBody("raw", "stag1", "start")).toEqual({
      tg_payload: "raw",
      affiliateTag: "stag1",
      affiliate_tag: "stag1",
      ref_id: "stag1",
    });
    // Without a stored tag the mini-app's start parameter is the referral.
    expect(loginBody("raw", undefined, "start")).toEqual({ tg_payload: "raw", ref_id: "start" });
  });

  it("picks the alert of spec point 8 for a refused login", () => {
    const refused = (status: number) =>
      new ApiRequestError(status, { code: "bad_request", message: "x", errors: {} });
    expect(loginFailureAlert(refused(403))).toBe("account-blocked");
    expect(loginFailureAlert(refused(401))).toBe("telegram-auth-error");
    expect(loginFailureAlert(refused(500))).toBe("something-wrong");
    expect(loginFailureAlert(new Error("offline"))).toBe("something-wrong");
  });
});

describe("messenger modal variants", () => {
  it("turns the wallet into the mini-app wallet, keeping its value and the other modals' order", () => {
    expect(messengerModalSearch("?wallet=deposit")).toBe("?tg-wallet=deposit");
    expect(messengerModalSearch("?games-filter=true&wallet=withdraw&x=1")).toBe(
      "?games-filter=true&tg-wallet=withdraw&x=1",
    );
    expect(messengerModalSearch("?tg-wallet=deposit")).toBeUndefined();
    expect(messengerModalSearch("?sign-in=true")).toBeUndefined();
    expect(messengerModalSearch("?wallet=deposit&tg-wallet=withdraw")).toBe("?tg-wallet=withdraw");
  });
});
