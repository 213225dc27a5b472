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
