import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { createCache } from "../cache";
import { PageCache } from "./page-cache";

type Render = (req: IncomingMessage, res: ServerResponse, nonce: string) => string | Promise<string>;

/**
 * A real HTTP server whose "render" writes the page with its nonce, counting renders. `arrived` is told of each
 * request as the server takes it, before the cache answers.
 */
async function site(pages: PageCache, render: Render, setCookie = false, arrived = () => {}) {
  let renders = 0;
  let n = 0;
  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const nonce = `nonce${++n}xxxxxxxxxxxxxxxx`;
    res.setHeader("content-security-policy", `script-src 'nonce-${nonce}'`);
    arrived();
    const key = pages.keyOf(req, (req.headers["cf-ipcountry"] as string | undefined) ?? null);
    if (key !== undefined && (await pages.answer(key, req, res, nonce))) return;
    renders++;
    const text = await render(req, res, nonce);
    if (res.destroyed) return;
    res.writeHead(res.statusCode, ["content-type", "text/html", ...(setCookie ? ["set-cookie", "a=b"] : [])]);
    res.write(`<script nonce="${nonce}">1</script>`);
    res.end(`<p>${text}</p>`);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    renders: () => renders,
    get: async (path: string, headers: Record<string, string> = {}) => {
      const res = await fetch(`${base}${path}`, { headers });
      const html = await res.text();
      const nonce = /nonce-(\S+)'/.exec(res.headers.get("content-security-policy") ?? "")?.[1];
      return {
        status: res.status,
        html,
        nonce,
        cache: res.headers.get("x-page-cache"),
        encoding: res.headers.get("content-encoding"),
      };
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

describe("the guests' page cache", () => {
  const closing: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const c of closing.splice(0)) await c();
  });
  const make = async (render: Render, setCookie = false, arrived?: () => void) => {
    const cache = createCache({});
    const pages = new PageCache({ cache, ttlMs: 60_000, invalidatedBy: ["content"], build: "b1" });
    const s = await site(pages, render, setCookie, arrived);
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

  it("sends a cached page as gzip made of the stretches without a nonce deflated once and the rest anew", async () => {
    // A page as large as the home (nonces in the head, a few in the body, one at the end), in two-byte text too.
    const filler = (n: number, c: string) => `<div class="card">${c.repeat(n)}</div>`;
    const s = await make((_req, _res, n) =>
      [
        ...Array.from({ length: 20 }, (_, i) => `<link nonce="${n}" href="/a${i}.js">`),
        filler(30_000, "ä"),
        `<script nonce="${n}">a()</script><script nonce="${n}">b()</script>`,
        filler(800, "x"),
        `<script nonce="${n}">c()</script>`,
        filler(9_000, "é"),
        `<script nonce="${n}">d()</script>`,
      ].join(""),
    );
    const first = await s.get("/");
    const expected = (nonce: string) => first.html.replaceAll(first.nonce!, nonce);
    const accepts: Record<string, string>[] = [
      {},
      { "accept-encoding": "gzip, deflate, br, zstd" },
      { "accept-encoding": "gzip" },
    ];
    for (const headers of accepts) {
      const hit = await s.get("/", headers);
      expect(hit.cache).toBe("hit");
      expect(hit.encoding).toBe("gzip");
      expect(hit.nonce).not.toBe(first.nonce);
      expect(hit.html).toBe(expected(hit.nonce!));
    }
    const plain = await s.get("/", { "accept-encoding": "identity" });
    expect([plain.cache, plain.encoding]).toEqual(["hit", null]);
    expect(plain.html).toBe(expected(plain.nonce!));
    expect(s.renders()).toBe(1);
  });

  it("never serves or stores a page drawn with a session", async () => {
    // What the render saw: the player when a session cookie reached it, and the shell's marker.
    const s = await make(
      (req) =>
        `${req.headers.cookie?.includes("access_token") ? "player Alice" : "guest"} cookie=${req.headers.cookie ?? ""} shell=${req.headers["x-player-shell"] ?? ""}`,
    );
    // Any page but the home is the player's own, every time.
    for (const path of ["/games", "/ru/games", "/?sign-in=1", "/profile"]) {
      const own = await s.get(path, { cookie: "access_token=t; x=1" });
      expect(own.html).toContain("player Alice");
      expect(own.cache).toBeNull();
    }
    expect((await s.get("/games", { cookie: "access_token_expires=1" })).cache).toBeNull();
    expect((await s.get("/games")).html).toContain("guest");
    expect((await s.get("/games")).cache).toBe("hit");
  });

  it("gives a player's home the guests' shell drawn without the session, kept apart from the guests' page", async () => {
    const s = await make(
      (req) =>
        `${req.headers.cookie?.includes("access_token") ? "player Alice" : "guest"} cookie=${req.headers.cookie ?? ""} shell=${req.headers["x-player-shell"] ?? ""}`,
    );
    const alice = await s.get("/", { cookie: "x=1; access_token=alice; access_token_expires=9" });
    expect(alice.cache).toBe("miss");
    // The render saw no session, only the visitor's other cookies, and the shell's marker.
    expect(alice.html).toContain("<p>guest cookie=x=1 shell=1</p>");
    for (const cookie of [
      "access_token=bob",
      "access_token_expires=5; access_token=carol; is-authenticated=1",
    ]) {
      const other = await s.get("/", { cookie: `x=1; ${cookie}` });
      expect(other.cache).toBe("hit");
      expect(other.html).toBe(alice.html.replaceAll(alice.nonce!, other.nonce!));
    }
    // A guest's page is another key: no placeholder of a player's header for a guest, and the other way round.
    const guest = await s.get("/", { cookie: "x=1" });
    expect(guest.cache).toBe("miss");
    expect(guest.html).toContain("<p>guest cookie=x=1 shell=</p>");
    expect((await s.get("/ru", { cookie: "access_token=t" })).html).toContain("<p>guest cookie= shell=1</p>");
    expect(s.renders()).toBe(3);
    // Session cookies without a token are rendered for themselves, as on any page.
    for (const cookie of ["is-authenticated=1", "access_token_expires=5"]) {
      const own = await s.get("/", { cookie });
      expect(own.cache).toBeNull();
      expect(own.html).toContain("shell=</p>");
    }
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

  /** A render that holds until all `n` requests have reached the server, so they miss the cache together. */
  const burst = (n: number) => {
    let count = 0;
    let open!: () => void;
    const gate = new Promise<void>((r) => {
      open = r;
    });
    return {
      arrived: () => {
        if (++count === n) open();
      },
      gate,
    };
  };

  it("renders once for twenty guests who miss the same page at the same moment", async () => {
    const b = burst(20);
    const s = await make(
      async () => {
        await b.gate;
        return "home";
      },
      false,
      b.arrived,
    );
    const answers = await Promise.all(Array.from({ length: 20 }, () => s.get("/")));
    expect(s.renders()).toBe(1);
    expect(answers.map((a) => a.cache).sort()).toEqual(["miss", ...Array(19).fill("shared")]);
    for (const a of answers) expect(a.html).toBe(`<script nonce="${a.nonce}">1</script><p>home</p>`);
    expect(new Set(answers.map((a) => a.nonce)).size).toBe(20);
    expect((await s.get("/")).cache).toBe("hit");
  });

  it("answers every waiter with a shared render's error page and keeps nothing of it", async () => {
    const b = burst(10);
    let failing = true;
    const s = await make(
      async (_req, res) => {
        await b.gate;
        if (failing) res.statusCode = 500;
        return failing ? "something went wrong" : "home";
      },
      false,
      b.arrived,
    );
    const answers = await Promise.all(Array.from({ length: 10 }, () => s.get("/")));
    expect(s.renders()).toBe(1);
    expect(answers.map((a) => [a.status, a.html.includes("something went wrong")])).toEqual(
      Array(10).fill([500, true]),
    );
    failing = false;
    const next = await s.get("/");
    expect([next.status, next.cache, next.html]).toEqual([
      200,
      "miss",
      `<script nonce="${next.nonce}">1</script><p>home</p>`,
    ]);
    expect(s.renders()).toBe(2);
  });

  it("lets each waiter render for itself when the shared render's connection breaks", async () => {
    const b = burst(5);
    let first = true;
    const s = await make(
      async (_req, res) => {
        await b.gate;
        if (first) {
          first = false;
          res.destroy();
        }
        return "home";
      },
      false,
      b.arrived,
    );
    const answers = await Promise.allSettled(Array.from({ length: 5 }, () => s.get("/")));
    const ok = answers.filter((a) => a.status === "fulfilled").map((a) => a.value);
    expect(answers.length - ok.length).toBe(1);
    expect(ok.map((a) => a.html.endsWith("<p>home</p>"))).toEqual([true, true, true, true]);
    expect(s.renders()).toBeGreaterThan(1);
  });

  it("does not let a guest who comes after an invalidation join a render that began before it", async () => {
    let text = "banner A";
    let release!: () => void;
    const held = new Promise<void>((r) => {
      release = r;
    });
    let started!: () => void;
    const begun = new Promise<void>((r) => {
      started = r;
    });
    const s = await make(async () => {
      const shown = text;
      if (shown === "banner A") {
        started();
        await held;
      }
      return shown;
    });
    const early = s.get("/");
    await begun;
    text = "banner B";
    await s.cache.invalidate("content");
    const late = await s.get("/");
    release();
    expect((await early).html).toContain("banner A");
    expect(late.html).toContain("banner B");
    expect(s.renders()).toBe(2);
  });
});
