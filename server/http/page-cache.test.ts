import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { createCache } from "../cache";
import { PageCache } from "./page-cache";

/** A real HTTP server whose "render" writes the page with its nonce, counting renders. */
async function site(pages: PageCache, render: (req: IncomingMessage) => string, setCookie = false) {
  let renders = 0;
  let n = 0;
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const nonce = `nonce${++n}xxxxxxxxxxxxxxxx`;
    res.setHeader("content-security-policy", `script-src 'nonce-${nonce}'`);
    const key = pages.keyOf(req, (req.headers["cf-ipcountry"] as string | undefined) ?? null);
    if (key !== undefined) {
      if (pages.serve(key, res, nonce)) return;
      pages.record(key, res, nonce);
    }
    renders++;
    res.writeHead(200, ["content-type", "text/html", ...(setCookie ? ["set-cookie", "a=b"] : [])]);
    res.write(`<script nonce="${nonce}">1</script>`);
    res.end(`<p>${render(req)}</p>`);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    renders: () => renders,
    get: async (path: string, headers: Record<string, string> = {}) => {
      const res = await fetch(`${base}${path}`, { headers });
      const html = await res.text();
      const nonce = /nonce-(\S+)'/.exec(res.headers.get("content-security-policy") ?? "")?.[1];
      return { html, nonce, cache: res.headers.get("x-page-cache") };
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

describe("the guests' page cache", () => {
  const closing: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const c of closing.splice(0)) await c();
  });
  const make = async (render: (req: IncomingMessage) => string, setCookie = false) => {
    const cache = createCache({});
    const pages = new PageCache({ cache, ttlMs: 60_000, invalidatedBy: ["content"], build: "b1" });
    const s = await site(pages, render, setCookie);
    closing.push(s.close);
    return { ...s, cache };
  };

  it("serves a guest the page rendered for another with the same key, with this answer's own nonce", async () => {
    const s = await make(() => "home");
    const first = await s.get("/");
    const second = await s.get("/");
    expect(s.renders()).toBe(1);
    expect([first.cache, second.cache]).toEqual(["miss", "hit"]);
    expect(second.html).toBe(`<script nonce="${second.nonce}">1</script><p>home</p>`);
    expect(second.nonce).not.toBe(first.nonce);
  });

  it("never serves or stores a page for a request with a session cookie", async () => {
    const s = await make((req) => (req.headers.cookie?.includes("access_token") ? "player Alice" : "guest"));
    expect((await s.get("/", { cookie: "access_token=t; x=1" })).html).toContain("player Alice");
    expect((await s.get("/")).html).toContain("guest");
    expect((await s.get("/", { cookie: "access_token=t" })).html).toContain("player Alice");
    expect((await s.get("/", { cookie: "access_token_expires=1" })).cache).toBeNull();
    expect((await s.get("/")).cache).toBe("hit");
  });

  it("keys on the address, the format locale cookie, the country, the browser's language and a phone", async () => {
    const s = await make((req) =>
      [req.url, req.headers.cookie, req.headers["cf-ipcountry"], req.headers["accept-language"]].join("|"),
    );
    const variants: [string, Record<string, string>][] = [
      ["/", {}],
      ["/?sign-in=1", {}],
      ["/", { cookie: "formatLocale=de" }],
      ["/", { "cf-ipcountry": "BR" }],
      ["/", { "accept-language": "ru-RU,ru;q=0.9" }],
      ["/", { "user-agent": "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148" }],
    ];
    for (const [path, headers] of variants) expect((await s.get(path, headers)).cache).toBe("miss");
    expect(s.renders()).toBe(variants.length);
    for (const [path, headers] of variants) expect((await s.get(path, headers)).cache).toBe("hit");
    // A cookie that changes nothing the server renders shares the page.
    expect((await s.get("/", { cookie: "_ga=GA1.1.123" })).cache).toBe("hit");
  });

  it("drops every page when a scope it depends on is invalidated, also a render that was under way", async () => {
    let text = "banner A";
    const s = await make(() => text);
    await s.get("/");
    text = "banner B";
    expect((await s.get("/")).html).toContain("banner A");
    await s.cache.invalidate("content");
    expect((await s.get("/")).html).toContain("banner B");
    await s.cache.invalidate("other");
    expect((await s.get("/")).cache).toBe("hit");
  });

  it("keeps no answer that sets a cookie", async () => {
    const s = await make(() => "x", true);
    await s.get("/");
    expect((await s.get("/")).cache).toBeNull();
    expect(s.renders()).toBe(2);
  });
});
