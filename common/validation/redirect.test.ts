import { describe, expect, it } from "vitest";
import { safeRedirectTarget } from "./redirect";

const opts = { origin: "https://luckyharbor.example", allowedHosts: ["help.luckyharbor.example"] };

describe("redirect targets", () => {
  it("keeps paths on this site", () => {
    expect(safeRedirectTarget("/questions?x=1#a", opts)).toEqual({
      href: "/questions?x=1#a",
      external: false,
    });
    expect(safeRedirectTarget("https://luckyharbor.example/ru/contact", opts)).toEqual({
      href: "/ru/contact",
      external: false,
    });
  });

  it("allows configured hosts only", () => {
    expect(safeRedirectTarget("https://help.luckyharbor.example/a", opts)).toEqual({
      href: "https://help.luckyharbor.example/a",
      external: true,
    });
    expect(safeRedirectTarget("https://evil.example/", opts).href).toBe("/");
  });

  it("sends everything else home", () => {
    for (const to of [
      undefined,
      "",
      "//evil.example/x",
      "/\\evil.example",
      "javascript:alert(1)",
      "https://user:pw@help.luckyharbor.example/",
      "data:text/html,hi",
      "questions",
    ]) {
      expect(safeRedirectTarget(to, opts), String(to)).toEqual({ href: "/", external: false });
    }
  });
});

/**
 * Where a browser goes with an href the redirect page wrote (an `<a href>` and `location.replace` resolve it
 * against the page's address): what has to stay on this site or a configured host, whatever the input was.
 */
function destination(href: string): URL {
  return new URL(href, opts.origin);
}

describe("the href a redirect writes never leaves the allowed hosts", () => {
  const attempts = [
    // The four: path segments the URL parser collapses into a leading "//".
    "/.//evil.example/phish",
    "/..//evil.example",
    "/%2e//evil.example",
    "/././/evil.example",
    "/%2e%2e//evil.example",
    "/.%2e//evil.example",
    "/%2E//evil.example",
    "/a/..//evil.example",
    "/./.././/evil.example",
    // Protocol-relative and slash tricks.
    "//evil.example",
    "///evil.example",
    "////evil.example",
    "/\\evil.example",
    "\\\\evil.example",
    "\\/\\/evil.example",
    "/\\/evil.example",
    "///\\evil.example",
    "%2f%2fevil.example",
    "/%2f%2fevil.example",
    "/%5cevil.example",
    "/%5c%5cevil.example",
    "%5c%5cevil.example",
    // Tabs, newlines and other controls the browser drops.
    "/\t/evil.example",
    "/\n/evil.example",
    "/\r\n/evil.example",
    "\t//evil.example",
    "/%09/evil.example",
    "/%0a/evil.example",
    "\u0000//evil.example",
    " //evil.example",
    // Schemes.
    "https:evil.example",
    "https:/evil.example",
    "https:\\\\evil.example",
    "http:evil.example",
    "http://evil.example",
    "HTTPS://EVIL.EXAMPLE/",
    "HtTpS://evil.example/",
    "javascript:alert(1)",
    "JaVaScRiPt:alert(1)",
    " javascript:alert(1)",
    "java\tscript:alert(1)",
    "javascript%3Aalert(1)",
    "data:text/html,<script>alert(1)</script>",
    "DATA:text/html,hi",
    "vbscript:msgbox(1)",
    "ftp://help.luckyharbor.example/",
    "blob:https://luckyharbor.example/x",
    // Userinfo and look-alike hosts.
    "https://luckyharbor.example@evil.example/",
    "https://help.luckyharbor.example@evil.example/",
    "https://evil.example\\@luckyharbor.example/",
    "https://evil.example#@luckyharbor.example/",
    "https://evil.example?@luckyharbor.example/",
    "https://luckyharbor.example.evil.example/",
    "https://help.luckyharbor.example.evil.example/",
    "https://evil.example/help.luckyharbor.example",
    "//evil.example/%2f..",
    "//help.luckyharbor.example@evil.example",
    // Unicode dots and slashes.
    "https://evil\u3002example/",
    "https://evil\uff0eexample/",
    "//evil\u3002example",
    "\uff0f\uff0fevil.example",
    "/\u2215\u2215evil.example",
    // Double encoding.
    "/%252e//evil.example",
    "%252f%252fevil.example",
    "/%25%32%65//evil.example",
  ];

  it.each(attempts)("%j", (to) => {
    const target = safeRedirectTarget(to, opts);
    const where = destination(target.href);
    expect(["luckyharbor.example", "help.luckyharbor.example"]).toContain(where.hostname);
    expect(where.protocol).toMatch(/^https?:$/);
    expect(where.username + where.password).toBe("");
    if (target.external) expect(target.href).toBe(where.href);
    else {
      // A path on this site, written so no browser can read it as another host.
      expect(target.href).toMatch(/^\/(?![/\\])/);
      expect(
        [...target.href].some((c) => c < " " || c === "\\"),
        target.href,
      ).toBe(false);
      expect(where.origin).toBe(opts.origin);
    }
  });

  it("sends the paths that collapse to another host home", () => {
    for (const to of [
      "/.//evil.example/phish",
      "/..//evil.example",
      "/%2e//evil.example",
      "/././/evil.example",
    ])
      expect(safeRedirectTarget(to, opts), to).toEqual({ href: "/", external: false });
  });

  it("still takes a configured host written in another case or with its port", () => {
    expect(safeRedirectTarget("HTTPS://Help.LuckyHarbor.example/a?b=1", opts)).toEqual({
      href: "https://help.luckyharbor.example/a?b=1",
      external: true,
    });
    expect(
      safeRedirectTarget("https://docs.example:8443/x", { ...opts, allowedHosts: ["docs.example:8443"] }),
    ).toEqual({ href: "https://docs.example:8443/x", external: true });
  });
});
