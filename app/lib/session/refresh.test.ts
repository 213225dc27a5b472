import { describe, expect, it, vi } from "vitest";
import { createRefresher, type FlagStorage, REFRESH_FLAG_KEY, REFRESH_POLL_MS } from "./refresh";

/**
 * Two tabs share local storage and the expiry marker cookie (the token cookie itself is HttpOnly: no tab reads
 * it, decision 0037); time moves only when a tab sleeps.
 */
function world(startExpiry: number | undefined) {
  const kv = new Map<string, string>();
  const storage: FlagStorage = {
    get: (k) => kv.get(k) ?? null,
    set: (k, v) => void kv.set(k, v),
    remove: (k) => void kv.delete(k),
  };
  const clock = { t: 1_000_000_000 };
  const marker = { expiry: startExpiry };
  const tab = (refresh: () => Promise<void>, onSleep: () => void = () => {}) => {
    const sleeps: number[] = [];
    const r = createRefresher({
      storage,
      readExpiry: () => marker.expiry,
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
  /** What the server's answer to a refresh does: a new marker. */
  const serverSets = (expiry: number) => async () => {
    marker.expiry = expiry;
  };
  return { kv, storage, clock, marker, tab, serverSets };
}

const T0 = 1_000_000_000;

describe("session refresh across tabs", () => {
  it("calls nothing while the token is good for more than 10 s", async () => {
    const w = world(T0 + 60_000);
    const refresh = vi.fn();
    expect(await w.tab(refresh).fresh()).toBe(true);
    expect(refresh).not.toHaveBeenCalled();
  });

  it("refreshes within 10 s of the expiry, sets the flag meanwhile and clears it after", async () => {
    const w = world(T0 + 9_000);
    let flagDuring: string | undefined;
    const tab = w.tab(async () => {
      flagDuring = w.kv.get(REFRESH_FLAG_KEY);
      w.marker.expiry = T0 + 900_000;
    });
    await tab.fresh();
    expect(flagDuring).toBe(String(w.clock.t));
    expect(w.kv.has(REFRESH_FLAG_KEY)).toBe(false);
    expect(w.marker.expiry).toBe(T0 + 900_000);
  });

  it("answers no session, and calls nothing, once the marker is gone (logged out here or in another tab)", async () => {
    const w = world(undefined);
    const refresh = vi.fn();
    expect(await w.tab(refresh).fresh()).toBe(false);
    expect(refresh).not.toHaveBeenCalled();
  });

  it("stops waiting when the refreshing tab logged out instead (the marker went away)", async () => {
    const w = world(T0);
    w.storage.set(REFRESH_FLAG_KEY, String(w.clock.t));
    const refresh = vi.fn();
    const tab = w.tab(refresh, () => {
      w.marker.expiry = undefined;
    });
    expect(await tab.fresh()).toBe(false);
    expect(refresh).not.toHaveBeenCalled();
  });

  it("shares one refresh among concurrent callers of a tab", async () => {
    const w = world(T0);
    const refresh = vi.fn(w.serverSets(T0 + 900_000));
    const tab = w.tab(refresh);
    await Promise.all([tab.fresh(), tab.fresh(), tab.fresh()]);
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it("makes a second tab wait (polling every 500 ms) for the first tab's refresh instead of refreshing", async () => {
    const w = world(T0);
    // Tab A is mid-refresh: the flag is set; the server's new marker lands after ~1.2 s.
    w.storage.set(REFRESH_FLAG_KEY, String(w.clock.t));
    const refreshB = vi.fn(w.serverSets(T0 + 900_000));
    const landAt = w.clock.t + 1200;
    const tabB = w.tab(refreshB, () => {
      if (w.clock.t >= landAt && w.kv.has(REFRESH_FLAG_KEY)) {
        w.marker.expiry = w.clock.t + 900_000;
        w.storage.remove(REFRESH_FLAG_KEY);
      }
    });
    await tabB.fresh();
    expect(refreshB).not.toHaveBeenCalled();
    expect(tabB.sleeps).toEqual([REFRESH_POLL_MS, REFRESH_POLL_MS, REFRESH_POLL_MS]);
  });

  it("takes over after 10 polls when the flag never clears (the refreshing tab was closed)", async () => {
    const w = world(T0);
    w.storage.set(REFRESH_FLAG_KEY, String(w.clock.t));
    const refresh = vi.fn(w.serverSets(T0 + 900_000_000));
    const tab = w.tab(refresh);
    await tab.fresh();
    expect(tab.sleeps).toEqual(Array(10).fill(REFRESH_POLL_MS));
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it("clears the flag and rejects when the server refuses the refresh", async () => {
    const w = world(T0);
    const tab = w.tab(async () => {
      throw Object.assign(new Error("closed"), { status: 401 });
    });
    await expect(tab.fresh()).rejects.toMatchObject({ status: 401 });
    expect(w.kv.has(REFRESH_FLAG_KEY)).toBe(false);
  });
});
