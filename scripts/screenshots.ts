// `npm run screenshots [-- /path ...]`: full-page PNGs of the built site at desktop (1280px) and phone (390px)
// widths, dark and light, into .cache/screenshots/, for a person to look at before a change lands. Tests never
// compare pixels; this is for eyes. SCREENSHOT_VIEWPORT_ONLY=1 shoots only the first screen. A path may carry
// a visitor country after `@`, e.g. `/@US` (the geo-restricted layout). SCREENSHOT_LOGIN=1 registers a
// player first and shoots every page logged in (the token goes into each context's access_token cookie).
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { chromium } from "playwright-core";
import { startServer } from "../tests/e2e/support/server";

const targets = process.argv.slice(2).length
  ? process.argv.slice(2)
  : ["/", "/static/terms", "/questions", "/contact", "/no-such-page", "/@US"];
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const outDir = process.env.SCREENSHOT_DIR ?? join(".cache", "screenshots");
mkdirSync(outDir, { recursive: true });

const server = await startServer({ quiet: true });

/** A fresh player's access token, when SCREENSHOT_LOGIN=1. */
async function playerToken(): Promise<string | undefined> {
  if (process.env.SCREENSHOT_LOGIN !== "1") return undefined;
  const password = "Screenshot-Harbor-42";
  const res = await fetch(`${server.baseUrl}/api/player/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      email: `alexander.${Date.now().toString(36)}@example.com`,
      password,
      password_confirmation: password,
      agreements: true,
    }),
  });
  if (!res.ok) throw new Error(`registration for screenshots failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { accessToken: string }).accessToken;
}
const token = await playerToken();
const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  headless: true,
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
});
try {
  for (const target of targets) {
    const [path = "/", country] = target.split("@");
    for (const width of [1280, 390]) {
      for (const scheme of ["dark", "light"] as const) {
        const context = await browser.newContext({
          viewport: { width, height: width > 528 ? 800 : 844 },
          isMobile: width <= 528,
          hasTouch: width <= 528,
          colorScheme: scheme,
          extraHTTPHeaders: country ? { "cf-ipcountry": country } : undefined,
        });
        // The cookie notice would cover the page on every shot; the colour mode is the player's choice.
        await context.addInitScript((mode) => {
          localStorage.setItem("cookiesAccepted", "1");
          localStorage.setItem("colorMode", mode);
        }, scheme);
        if (token)
          await context.addCookies([
            { name: "access_token", value: token, url: server.baseUrl, sameSite: "Lax" },
          ]);
        const page = await context.newPage();
        await page.goto(`${server.baseUrl}${path || "/"}`, { waitUntil: "networkidle" });
        await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
        // The preloader fades out after load; shoot the page, not the overlay.
        await page
          .locator("#preloader")
          .waitFor({ state: "detached" })
          .catch(() => {});
        const name = `${token ? "player-" : ""}${(path || "/").replace(/[^a-z0-9]+/gi, "-").replace(/^-|-$/g, "") || "home"}${country ? `-${country}` : ""}`;
        const file = join(outDir, `${name}-${width}-${scheme}.png`);
        await page.screenshot({ path: file, fullPage: process.env.SCREENSHOT_VIEWPORT_ONLY !== "1" });
        console.log(file);
        await context.close();
      }
    }
  }
} finally {
  await browser.close();
  await server.stop();
}
