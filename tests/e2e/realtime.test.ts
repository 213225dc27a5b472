import { describe, expect, inject, it } from "vitest";
import WebSocket from "ws";
import { newPage, watchPageProblems } from "./support/browser";
import { liveUpdatesConnected } from "./support/site";

/** A bare protocol client that connects anonymously and stays, as another visitor's tab would. */
async function visitor(): Promise<WebSocket> {
  const ws = new WebSocket(`${inject("baseUrl").replace(/^http/, "ws")}/api/connection/websocket`);
  await new Promise((resolve, reject) => {
    ws.once("error", reject);
    ws.once("open", resolve);
  });
  const connected = new Promise<void>((resolve) =>
    ws.on("message", (data) => {
      if (String(data).includes('"connect"')) resolve();
    }),
  );
  ws.send(JSON.stringify({ id: 1, connect: { name: "e2e-visitor" } }));
  await connected;
  return ws;
}

describe("live updates in the site", () => {
  it("connects the tab to the realtime hub and shows it in the header", async () => {
    const page = await newPage();
    const problems = watchPageProblems(page);
    const sockets: string[] = [];
    page.on("websocket", (ws) => sockets.push(new URL(ws.url()).pathname));
    await page.goto("/");
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    const status = page.locator("header [data-connection-state]");
    await liveUpdatesConnected(page);
    expect(await status.getAttribute("title")).toMatch(/^Live updates on/);
    // The tab's own connection, and on the home page the sportsbook widgets' (its carousels), as a real
    // provider's widgets keep theirs.
    expect(sockets[0]).toBe("/api/connection/websocket");
    expect(sockets.length).toBeLessThanOrEqual(2);
    expect(problems).toEqual([]);
  });

  it("keeps one connection across client-side navigations and modal toggles, without fetching the page again", async () => {
    const page = await newPage();
    await page.context().addInitScript(() => localStorage.setItem("cookiesAccepted", "1"));
    const sockets: string[] = [];
    page.on("websocket", (ws) => sockets.push(ws.url()));
    await page.goto("/questions");
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    const dataRequests: string[] = [];
    page.on("request", (r) => {
      if (r.url().includes(".data")) dataRequests.push(r.url());
    });
    await page.evaluate(() => {
      history.pushState(null, "", "/questions?geo-popup=true");
      dispatchEvent(new PopStateEvent("popstate"));
    });
    await page.getByRole("dialog").waitFor({ state: "visible" });
    await page.keyboard.press("Escape");
    await page.getByRole("dialog").waitFor({ state: "detached" });
    expect(dataRequests).toEqual([]);
    expect(sockets).toHaveLength(1);
  });

  it("shows a publication from the server without a reload: the live count of people online", async () => {
    const page = await newPage({ width: 1280 });
    await page.goto("/");
    const count = page.locator("header [data-online-count]");
    await count.waitFor({ state: "visible", timeout: 15_000 });
    const before = Number(await count.getAttribute("data-online-count"));
    expect(before).toBeGreaterThanOrEqual(1);
    let navigations = 0;
    page.on("framenavigated", () => navigations++);

    const others = await Promise.all([visitor(), visitor(), visitor()]);
    try {
      // The hub announces changes every few seconds (global:online), so wait for the next announcement.
      await page.waitForFunction(
        (n) =>
          Number(document.querySelector("header [data-online-count]")?.getAttribute("data-online-count")) ===
          n,
        before + 3,
        { timeout: 20_000 },
      );
      expect(await count.textContent()).toContain(String(before + 3));
      expect(navigations).toBe(0);
    } finally {
      for (const ws of others) ws.close();
    }
  });
});
