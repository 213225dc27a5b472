import { describe, expect, it, vi } from "vitest";
import { createRefresher, type FlagStorage, REFRESH_FLAG_KEY, REFRESH_POLL_MS } from "./refresh";

const b64url = (v: unknown) => Buffer.from(JSON.stringify(v)).toString("base64url");
const jwt = (name: string, expSeconds: number) =>
  `${b64url({ alg: "HS256" })}.${b64url({ name, exp: expSeconds })}.s`;

/** Two tabs share local storage and the cookie; time moves only when a tab sleeps. */
function world(startToken: string) {
  const kv = new Map<string, string>();
  const storage: FlagStorage = {
    get: (k) => kv.get(k) ?? null,
    set: (k, v) => void kv.set(k, v),
    remove: (k) => void kv.delete(k),
  };
  const clock = { t: 1_000_000_000 };
  const cookie = { token: startToken as string | undefined };
  const tab = (refresh: (expired: string) => Promise<string>, onSleep: () => void = () => {}) => {
    const sleeps: number[] = [];
    const r = createRefresher({
      storage,
      readToken: () => cookie.token,
      saveToken: (t) => {
        cookie.token = t;
      },
      refresh,
      now: () => clock.t,
      sleep: async (ms) => {
        sleeps.push(ms);
        clock.t += ms;
        onSleep();
        await Promise.resolve();
      },
    });
    return { ...r, sleeps };
  };
  return { kv, storage, clock, cookie, tab };
}

describe("token refresh across tabs", () => {
  it("returns a token that is still good without calling the server", async () => {
    const w = world(jwt("live", 1_000_000 + 60));
    const refresh = vi.fn();
    expect(await w.tab(refresh).fresh()).toBe(w.cookie.token);
    expect(refresh).not.toHaveBeenCalled();
  });

  it("refreshes a token within 10 s of its expiry, sets the flag meanwhile and clears it after", async () => {
    const w = world(jwt("old", 1_000_000 + 9));
    let flagDuring: string | undefined;
    const tab = w.tab(async (expired) => {
      flagDuring = w.kv.get(REFRESH_FLAG_KEY);
      expect(expired).toBe(jwt("old", 1_000_000 + 9));
      return jwt("new", 1_000_000 + 900);
    });
    expect(await tab.fresh()).toBe(jwt("new", 1_000_000 + 900));
    expect(flagDuring).toBe(String(w.clock.t));
    expect(w.kv.has(REFRESH_FLAG_KEY)).toBe(false);
    expect(w.cookie.token).toBe(jwt("new", 1_000_000 + 900));
  });

  it("shares one refresh among concurrent callers of a tab", async () => {
    const w = world(jwt("old", 1_000_000));
    const refresh = vi.fn(async () => jwt("new", 1_000_000 + 900));
    const tab = w.tab(refresh);
    const [a, b, c] = await Promise.all([tab.fresh(), tab.fresh(), tab.fresh()]);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(new Set([a, b, c]).size).toBe(1);
  });

  it("makes a second tab wait (polling every 500 ms) for the first tab's token instead of refreshing", async () => {
    const w = world(jwt("old", 1_000_000));
    // Tab A is mid-refresh: the flag is set; its new token lands in the cookie after ~1.2 s.
    w.storage.set(REFRESH_FLAG_KEY, String(w.clock.t));
    const refreshB = vi.fn(async () => jwt("b", 1_000_000 + 900));
    const landAt = w.clock.t + 1200;
    const tabB = w.tab(refreshB, () => {
      if (w.clock.t >= landAt && w.kv.has(REFRESH_FLAG_KEY)) {
        w.cookie.token = jwt("a", 1_000_000 + 900);
        w.storage.remove(REFRESH_FLAG_KEY);
      }
    });
    const token = await tabB.fresh();
    expect(refreshB).not.toHaveBeenCalled();
    expect(token).toBe(jwt("a", 1_000_000 + 900));
    expect(tabB.sleeps).toEqual([REFRESH_POLL_MS, REFRESH_POLL_MS, REFRESH_POLL_MS]);
  });

  it("takes over after 10 polls when the flag never clears (the refreshing tab was closed)", async () => {
    const w = world(jwt("old", 1_000_000));
    w.storage.set(REFRESH_FLAG_KEY, String(w.clock.t));
    const refresh = vi.fn(async () => jwt("mine", 1_000_000 + 900));
    const tab = w.tab(refresh);
    expect(await tab.fresh()).toBe(jwt("mine", 1_000_000 + 900));
    expect(tab.sleeps).toEqual(Array(10).fill(REFRESH_POLL_MS));
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it("stops waiting when the other tab logged out (no token left)", async () => {
    const w = world(jwt("old", 1_000_000));
    w.storage.set(REFRESH_FLAG_KEY, String(w.clock.t));
    w.cookie.token = undefined;
    const refresh = vi.fn();
    const tab = w.tab(refresh);
    // Logged out before the call: nothing to refresh.
    expect(await tab.fresh()).toBeUndefined();
    expect(refresh).not.toHaveBeenCalled();
  });

  it("clears the flag and rejects when the server refuses the refresh", async () => {
    const w = world(jwt("old", 1_000_000));
    const tab = w.tab(async () => {
      throw Object.assign(new Error("closed"), { status: 401 });
    });
    await expect(tab.fresh()).rejects.toMatchObject({ status: 401 });
    expect(w.kv.has(REFRESH_FLAG_KEY)).toBe(false);
  });
});
