import { describe, expect, it } from "vitest";
import { newPage, watchPageProblems } from "./support/browser";

describe("live updates in the site", () => {
  it("connects the tab to the realtime hub and shows it in the header", async () => {
    const page = await newPage();
    const problems = watchPageProblems(page);
    const sockets: string[] = [];
    page.on("websocket", (ws) => sockets.push(new URL(ws.url()).pathname));
    await page.goto("/");
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    const status = page.locator("header [data-connection-state]");
    await page.waitForFunction(
      () =>
        document.querySelector("header [data-connection-state]")?.getAttribute("data-connection-state") ===
        "connected",
      null,
      { timeout: 15_000 },
    );
    expect(await status.getAttribute("title")).toBe("Live updates on");
    expect(sockets).toEqual(["/api/connection/websocket"]);
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
});
