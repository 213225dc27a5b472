import { describe, expect, inject, it } from "vitest";
import { newPage, saveScreenshot, watchPageProblems } from "./support/browser";

describe("the home page", () => {
  const baseUrl = inject("baseUrl");

  it("is rendered on the server", async () => {
    const res = await fetch(`${baseUrl}/`);
    const html = await res.text();
    expect(res.status, html.slice(0, 500)).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/text\/html/);
    expect(html).toContain("<main");
    expect(html).toContain("window.__reactRouterContext");
  });

  for (const viewport of [
    { width: 1280, height: 800, isMobile: false },
    { width: 390, height: 844, isMobile: true },
  ]) {
    it(`hydrates in Chromium without errors at ${viewport.width}px`, async () => {
      const page = await newPage(viewport);
      const problems = watchPageProblems(page);
      const res = await page.goto("/");
      expect(res?.status(), problems.join("\n")).toBe(200);
      // root.tsx sets data-hydrated in an effect: React took over the server-rendered page.
      await page
        .waitForFunction(() => document.documentElement.dataset.hydrated === "true", null, {
          timeout: 15_000,
        })
        .catch((err: Error) => {
          throw new Error(`the page did not hydrate: ${err.message}\n${problems.join("\n")}`);
        });
      expect(await page.evaluate(() => "__reactRouterContext" in window)).toBe(true);
      await expect(page.locator("main").count()).resolves.toBeGreaterThan(0);
      await saveScreenshot(page, "home");
      expect(problems).toEqual([]);
    });
  }
});
