import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { memoryLocalStorage } from "../testing/local-storage";

/**
 * Logging out from a player-only page (/profile, /wallet) leaves it first: while the page is still shown, its
 * guard (usePlayerOnly) would see a guest and send the visitor to sign in, racing the logout's own way home.
 */
const here = { pathname: "/profile/info" };
const { localStorage } = memoryLocalStorage();
beforeAll(() => {
  Object.assign(globalThis, { window: { location: here, localStorage } });
});
afterAll(() => {
  delete (globalThis as { window?: unknown }).window;
});

describe("logout from a player-only page", () => {
  it("keeps the session until the navigation home has finished, so the page's guard never sees a guest", async () => {
    const { logout, resumeSession, setNavigator } = await import("./session");
    const { sessionStore } = await import("./store");
    resumeSession({ id: "p1" } as Parameters<typeof resumeSession>[0]);
    const seen: { to: string; loggedInWhileLeaving: boolean }[] = [];
    let arrive = () => {};
    setNavigator(
      (to) =>
        new Promise<void>((resolve) => {
          seen.push({ to, loggedInWhileLeaving: sessionStore.getState().loggedIn });
          arrive = () => {
            seen.push({ to: "(arrived)", loggedInWhileLeaving: sessionStore.getState().loggedIn });
            resolve();
          };
        }),
    );
    const done = logout();
    // The logout call to the server fails here (no server): the logout goes on regardless.
    await new Promise((r) => setTimeout(r, 20));
    expect(seen).toEqual([{ to: "/", loggedInWhileLeaving: true }]);
    expect(sessionStore.getState().loggedIn).toBe(true);
    arrive();
    await done;
    expect(seen[1]).toEqual({ to: "(arrived)", loggedInWhileLeaving: true });
    expect(sessionStore.getState()).toEqual({ loggedIn: false, profile: null });
  });
});

describe("where a logout takes the page (pageAfterLogout)", () => {
  it("takes a real-money game to its demo, in the page's locale, and leaves other pages where they are", async () => {
    const { pageAfterLogout } = await import("./session");
    expect(pageAfterLogout({ pathname: "/pt-br/game/harbor-dice", search: "?real=true&tab=rules" })).toBe(
      "/pt-br/game/harbor-dice?tab=rules",
    );
    expect(pageAfterLogout({ pathname: "/game/harbor-dice", search: "?real=true" })).toBe(
      "/game/harbor-dice",
    );
    expect(pageAfterLogout({ pathname: "/game/harbor-dice", search: "" })).toBeUndefined();
    expect(pageAfterLogout({ pathname: "/games", search: "?real=true" })).toBeUndefined();
    expect(pageAfterLogout({ pathname: "/betting", search: "" })).toBeUndefined();
    // A player-only page goes home (the locale is the current page's: here, the default).
    expect(pageAfterLogout({ pathname: "/wallet/history", search: "" })).toBe("/");
  });
});
