import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { laterPreloads, preloadsAfterStylesheet, stylesheetFirst } from "./later-preloads.server";

// A head as React writes it for /betting (trimmed): the art's preload, the SDK's, a dictionary, module preloads,
// the constant scripts, then the stylesheet.
const HEAD = [
  "<!DOCTYPE html><html><head>",
  '<link rel="preload" href="/sports/cardsImages/soccer.svg" as="image" fetchPriority="high"/>',
  '<link rel="preload" href="/sportsbook/sdk.js" as="script"/>',
  '<link nonce="N0" rel="icon" href="/favicon.svg" type="image/svg+xml"/>',
  '<link rel="preload" as="fetch" crossorigin="anonymous" href="/assets/i18n/en/layout.abc.json" data-dictionary="layout"/>',
  '<link rel="modulepreload" href="/assets/entry.client-1.js" nonce="N0"/>',
  '<link rel="modulepreload" href="/assets/root-2.js?a=1&amp;b=&quot;&lt;/script&gt;" nonce="N0"/>',
  '<link rel="preload" href="/fonts/inter.woff2" as="font" crossorigin="anonymous"/>',
  '<script nonce="N0">paint()</script>',
  '<link nonce="N0" rel="stylesheet" href="/assets/entry-3.css#"/>',
].join("");
const BODY =
  '</head><body><p>Odds</p><script type="module" async="">import "/assets/entry.client-1.js";</script></body></html>';

describe("the head's hydration-only links wait for the stylesheet", () => {
  it("moves module preloads and the preloads of scripts and data into a script just before the stylesheet", () => {
    const head = preloadsAfterStylesheet(HEAD, "N0");
    const at = head.indexOf('<script nonce="N0" data-later-preloads>');
    const end = head.indexOf("</script>", at) + "</script>".length;
    const [before, script, after] = [head.slice(0, at), head.slice(at, end), head.slice(end)];
    expect(at).toBeGreaterThan(0);
    expect(after).toBe('<link nonce="N0" rel="stylesheet" href="/assets/entry-3.css#"/>');
    expect(before).not.toMatch(/rel="modulepreload"|sdk\.js|layout\.abc\.json/);
    // What the first paint draws stays where it was: the art, the font, the icon, the constant script.
    for (const kept of ["soccer.svg", "inter.woff2", 'rel="icon"', "paint()"])
      expect(before, kept).toContain(kept);
    // A classic script (a module would wait for the parser), and nothing in its list can end it early.
    expect(script).not.toContain('type="module"');
    expect(script.slice(0, -"</script>".length)).not.toContain("</");
  });

  it("puts the script at the head's end when the head has no stylesheet", () => {
    const head = preloadsAfterStylesheet('<head><link rel="modulepreload" href="/a.js"/>', "N0");
    expect(head).toMatch(/^<head><script nonce="N0" data-later-preloads>.*<\/script>$/);
    expect(laterPreloads(head)).toEqual([{ rel: "modulepreload", href: "/a.js" }]);
  });

  it("keeps every attribute of each link as React wrote it, its nonce aside and its entities read", () => {
    expect(laterPreloads(preloadsAfterStylesheet(HEAD, "N0"))).toEqual([
      { rel: "preload", href: "/sportsbook/sdk.js", as: "script" },
      {
        rel: "preload",
        as: "fetch",
        crossorigin: "anonymous",
        href: "/assets/i18n/en/layout.abc.json",
        "data-dictionary": "layout",
      },
      { rel: "modulepreload", href: "/assets/entry.client-1.js" },
      { rel: "modulepreload", href: '/assets/root-2.js?a=1&b="</script>' },
    ]);
  });

  it("leaves a head alone without a nonce (the script could not run) or without such links", () => {
    expect(preloadsAfterStylesheet(HEAD, undefined)).toBe(HEAD);
    const plain = '<head><link nonce="N0" rel="stylesheet" href="/a.css"/>';
    expect(preloadsAfterStylesheet(plain, "N0")).toBe(plain);
    expect(laterPreloads(plain)).toEqual([]);
  });

  it("rewrites the head of a streamed page whatever its chunks, and passes the rest through", async () => {
    const page = `${HEAD}${BODY.replace("Odds", "Odds — €1.5 ✓")}`;
    const bytes = Buffer.from(page);
    // Cut inside "</head>" and inside a three-byte character.
    const cuts = [bytes.indexOf("</head>") + 3, bytes.indexOf("€") + 1, bytes.length];
    const chunks = cuts.map((end, i) => bytes.subarray(i === 0 ? 0 : cuts[i - 1], end));
    const out = await text(Readable.from(chunks).pipe(stylesheetFirst("N0")));
    expect(out).toBe(preloadsAfterStylesheet(HEAD, "N0") + BODY.replace("Odds", "Odds — €1.5 ✓"));
  });

  it("passes a page on unchanged when no head ends in it", async () => {
    const out = await text(Readable.from([Buffer.from("<p>no head</p>")]).pipe(stylesheetFirst("N0")));
    expect(out).toBe("<p>no head</p>");
  });
});
