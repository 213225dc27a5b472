import { readFileSync } from "node:fs";
import { expect, inject, it } from "vitest";
import { laterPreloads } from "../../app/lib/later-preloads.server";
import { HOME_HTML_BUDGET_BYTES, kb } from "../e2e/support/bundle";

// Runs in the e2e project, on the fresh build: the server-rendered `/` a guest gets, uncompressed.
it(`the home page's HTML is at most ${kb(HOME_HTML_BUDGET_BYTES)} and carries no dictionary`, async () => {
  const res = await fetch(`${inject("baseUrl")}/`, { headers: { "accept-encoding": "identity" } });
  expect(res.status).toBe(200);
  const html = await res.text();
  const bytes = Buffer.byteLength(html);
  const data = [...html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)].reduce(
    (sum, m) => sum + Buffer.byteLength(m[1]!),
    0,
  );
  console.log(
    `home HTML: ${kb(bytes)}, of it inline scripts ${kb(data)} (budget ${kb(HOME_HTML_BUDGET_BYTES)})`,
  );
  expect(bytes).toBeLessThanOrEqual(HOME_HTML_BUDGET_BYTES);
  // The dictionaries are static files the head names (asked for once the stylesheet is in: decision 0078);
  // none of their texts is in the page's inline data.
  expect(laterPreloads(html)).toContainEqual(
    expect.objectContaining({
      rel: "preload",
      as: "fetch",
      href: expect.stringMatching(/^\/assets\/i18n\/en\/layout\.[\w-]+\.json$/),
    }),
  );
  const inline = [...html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]).join("");
  const texts = ["layout", "modals", "fields-settings", "alerts"].flatMap((ns) =>
    strings(JSON.parse(readFileSync(`content/en/${ns}.json`, "utf8"))).filter((t) => t.length >= 30),
  );
  expect(texts.length).toBeGreaterThan(100);
  expect(texts.filter((t) => inline.includes(JSON.stringify(t).slice(1, -1)))).toEqual([]);
});

function strings(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (value && typeof value === "object") return Object.values(value).flatMap(strings);
  return [];
}
