import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newPage, watchPageProblems } from "./support/browser";

/**
 * The journeys' watch for what a user's devtools would show in red (`watchPageProblems`): a frame's document
 * still loading when the page replaces the frame (as a game frame is replaced by a new launch) is not a fault
 * of the page; a document request that fails while its frame stays is.
 */
let server: Server;
let origin: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === "/slow") return void setTimeout(() => res.end("<p>late</p>"), 3_000);
    if (req.url === "/refused") return void req.socket.destroy();
    res.setHeader("content-type", "text/html");
    res.end("<main>host</main>");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("watchPageProblems", () => {
  it("does not record a frame's document aborted because the frame was replaced", async () => {
    const page = await newPage();
    const problems = watchPageProblems(page);
    await page.goto(`${origin}/`);
    const aborted = page.waitForEvent("requestfailed");
    await page.evaluate((src) => {
      const frame = document.createElement("iframe");
      frame.src = src;
      document.body.append(frame);
    }, `${origin}/slow`);
    await page.waitForTimeout(300);
    await page.evaluate(() =>
      document.querySelector("iframe")?.replaceWith(document.createElement("iframe")),
    );
    expect((await aborted).failure()?.errorText).toBe("net::ERR_ABORTED");
    await page.waitForTimeout(1_000);
    expect(problems).toEqual([]);
  });

  it("records a frame's document that fails while the frame stays", async () => {
    const page = await newPage();
    const problems = watchPageProblems(page);
    await page.goto(`${origin}/`);
    await page.evaluate((src) => {
      const frame = document.createElement("iframe");
      frame.src = src;
      document.body.append(frame);
    }, `${origin}/refused`);
    await expect.poll(() => problems.length, { timeout: 5_000 }).toBeGreaterThan(0);
    expect(problems[0]).toContain("/refused");
  });
});
