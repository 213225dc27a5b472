import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Profile } from "#common/api/player";
import { useServer } from "./support/base";
import { newPage, watchPageProblems } from "./support/browser";
import { call, hydrated, playerPage, registerPlayer } from "./support/player";
import { type RunningServer, startServer } from "./support/server";

vi.setConfig({ testTimeout: 180_000 });

/**
 * A stand-in for the chat provider's host: its script defines `window.fcWidget`, records what the site asks of
 * it, and hands out a restore id on init as the real one does for a new user (`user:created`).
 */
const WIDGET_SCRIPT = `
window.widgetCalls = [];
var handlers = {};
window.fcWidget = {
  init: function (o) {
    window.widgetCalls.push(["init", o]);
    setTimeout(function () {
      if (o.externalId && !o.restoreId && handlers["user:created"])
        handlers["user:created"]({ status: 200, data: { restoreId: "restore-" + o.externalId } });
    }, 50);
  },
  on: function (name, fn) { handlers[name] = fn; },
  open: function () { window.widgetCalls.push(["open"]); },
  destroy: function () { window.widgetCalls.push(["destroy"]); },
  user: { clear: function () { window.widgetCalls.push(["clear"]); return Promise.resolve(); } },
};
`;

let host: Server;
let hostUrl: string;
let scriptLoads = 0;
let server: RunningServer;
beforeAll(async () => {
  host = createServer((req, res) => {
    if (req.url === "/js/widget.js") {
      scriptLoads++;
      res.writeHead(200, { "content-type": "text/javascript" });
      res.end(WIDGET_SCRIPT);
      return;
    }
    res.writeHead(404);
    res.end();
  });
  await new Promise<void>((resolve) => host.listen(0, "127.0.0.1", resolve));
  hostUrl = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
  server = await startServer({ env: { CHAT_TOKEN: "widget-token-1", CHAT_HOST: hostUrl } });
  useServer(server.baseUrl);
}, 120_000);
afterAll(async () => {
  await server?.stop();
  host?.closeAllConnections(); // (the shared browser may keep a connection alive: see cookie-consent)
  await new Promise((resolve) => host?.close(resolve));
});

type Calls = [string, Record<string, unknown>?][];
const calls = (page: import("playwright-core").Page) =>
  page.evaluate(() => (window as unknown as { widgetCalls?: Calls }).widgetCalls ?? []);

describe("the third-party chat widget (CHAT_TOKEN and CHAT_HOST set)", () => {
  it("starts for a player after the first paint with their id, saves its restore id, and opens from the button", async () => {
    const { token } = await registerPlayer("chat-widget");
    const profile = await call<Profile>("/api/player/profile", { token });
    const page = await playerPage(token, 1280);
    const problems = watchPageProblems(page);
    await page.goto("/");
    await hydrated(page);
    await expect
      .poll(async () => (await calls(page))[0])
      .toEqual([
        "init",
        expect.objectContaining({ token: "widget-token-1", host: hostUrl, externalId: String(profile.id) }),
      ]);
    // The first paint never waited for it: no script of the widget's host is in the page the server wrote.
    const html = await (await fetch(`${server.baseUrl}/`)).text();
    expect(html.includes(`src="${hostUrl}`)).toBe(false);
    await expect
      .poll(async () => (await call<Profile>("/api/player/profile", { token })).freshchatRestoreId)
      .toBe(`restore-${profile.id}`);
    await page.getByTestId("chat-launcher").click();
    await expect.poll(async () => (await calls(page)).some(([name]) => name === "open")).toBe(true);
    // The built-in panel is not what opens.
    expect(await page.getByTestId("chat-panel").count()).toBe(0);
    expect(problems).toEqual([]);
    await page.close();
  });

  it("is not loaded for a guest while guest chat is off; the button tells them to sign in", async () => {
    const before = scriptLoads;
    const page = await newPage({ width: 390, height: 844, isMobile: true });
    await page.context().addInitScript(() => localStorage.setItem("cookiesAccepted", "1"));
    await page.goto("/");
    await hydrated(page);
    await page.getByTestId("chat-launcher").click();
    await page.getByTestId("chat-sign-in").waitFor();
    expect(await calls(page)).toEqual([]);
    expect(scriptLoads).toBe(before);
    await page.close();
  });
});
