import type { PublicationContext } from "centrifuge";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { playerChannel } from "#common/realtime";
import { once, type RealtimeServer, sdkClient, startRealtimeServer, tokenFor } from "./test-support";

/** A small seeded generator (mulberry32): the same seed throws the same frames, so a failure can be replayed. */
function generator(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(xs: readonly T[]) => xs[int(xs.length)]!;
  return { next, int, pick };
}

const CAP = 4096;
type Frame = { frame: string | Buffer; afterConnect: boolean; label: string };

/** Malformed and oversized frames of every kind the hub must survive. */
function frames(seed: number, count: number): Frame[] {
  const g = generator(seed);
  const junk = (n: number) => Array.from({ length: n }, () => String.fromCharCode(32 + g.int(95))).join("");
  const weird = [-1, 0.5, 1e21, "7", null, true, [], {}, 2 ** 32];
  const makers: ((afterConnect: boolean) => Frame)[] = [
    () => ({
      frame: Buffer.from(Array.from({ length: 1 + g.int(64) }, () => g.int(256))),
      afterConnect: g.next() < 0.5,
      label: "binary bytes",
    }),
    (c) => ({ frame: junk(1 + g.int(200)), afterConnect: c, label: "printable junk" }),
    (c) => ({
      frame: g.pick(["{", "[]", "null", "123", '"x"', "{}}", "[{]", "\u0000", "\ud800"]),
      afterConnect: c,
      label: "broken json",
    }),
    (c) => ({ frame: JSON.stringify({ id: g.pick(weird), connect: {} }), afterConnect: c, label: "bad id" }),
    () => ({
      frame: JSON.stringify({ id: 2, subscribe: { channel: g.pick(weird) } }),
      afterConnect: true,
      label: "bad channel",
    }),
    () => ({ frame: JSON.stringify({ id: 2, [junk(5)]: {} }), afterConnect: true, label: "unknown method" }),
    () => ({
      frame: JSON.stringify({ id: 2, publish: { channel: "x", data: {} } }),
      afterConnect: true,
      label: "publish",
    }),
    () => ({ frame: JSON.stringify({ id: 2, rpc: { method: junk(8) } }), afterConnect: true, label: "rpc" }),
    (c) => ({ frame: `${"[".repeat(500)}${"]".repeat(500)}`, afterConnect: c, label: "deep nesting" }),
    (c) => ({ frame: "x".repeat(CAP + 1 + g.int(CAP)), afterConnect: c, label: "oversized" }),
    () => ({
      frame: `\n\n${JSON.stringify({ id: 2, ping: g.pick(weird) })}\n\n{`,
      afterConnect: true,
      label: "batch with garbage",
    }),
    () => ({
      frame: JSON.stringify({ id: 2, subscribe: { channel: "wallet:accounts#999" } }),
      afterConnect: true,
      label: "foreign channel",
    }),
  ];
  return Array.from({ length: count }, () => g.pick(makers)(g.next() < 0.5));
}

/** Sends one frame on its own socket; answers what came back: an error reply, a close, or nothing. */
async function throwFrame(url: string, f: Frame): Promise<"error-reply" | "closed" | "silence"> {
  const ws = new WebSocket(url);
  const replies: string[] = [];
  let closed = false;
  ws.on("message", (d) => replies.push(d.toString()));
  ws.on("close", () => {
    closed = true;
  });
  ws.on("error", () => undefined);
  await new Promise((resolve, reject) => {
    ws.once("open", resolve);
    ws.once("error", reject);
  });
  if (f.afterConnect) {
    ws.send(JSON.stringify({ id: 1, connect: {} }));
    const end = Date.now() + 2000;
    while (!replies.length && !closed && Date.now() < end) await new Promise((r) => setTimeout(r, 10));
  }
  const before = replies.length;
  ws.send(f.frame);
  const end = Date.now() + 2000;
  const hasError = () => replies.slice(before).some((r) => r.split("\n").some((l) => l.includes('"error"')));
  while (!closed && !hasError() && Date.now() < end) await new Promise((r) => setTimeout(r, 10));
  const outcome = hasError() ? "error-reply" : closed ? "closed" : "silence";
  ws.terminate();
  return outcome;
}

describe("malformed and oversized frames", () => {
  let server: RealtimeServer;
  beforeAll(async () => {
    server = await startRealtimeServer({ limits: { maxMessageBytes: CAP } });
  });
  afterAll(() => server.close());

  it("get a protocol error or a disconnect each, while the server stays up and others keep receiving", {
    timeout: 120_000,
  }, async () => {
    const seed = Number(process.env.FUZZ_SEED ?? 20261123);
    const bystander = sdkClient(server.url, { token: await tokenFor("4242") });
    const channel = playerChannel("notifications", 4242);
    const sub = bystander.newSubscription(channel);
    const received: number[] = [];
    sub.on("publication", (ctx: PublicationContext) =>
      received.push((ctx.data as { data: { n: number } }).data.n),
    );
    sub.subscribe();
    bystander.connect();
    await once(sub, "subscribed");

    let published = 0;
    const ticker = setInterval(() => {
      void server.realtime.publish(channel, { event: "message", data: { n: published++ } });
    }, 50);
    const outcomes: { label: string; outcome: string }[] = [];
    try {
      const all = frames(seed, 300);
      for (let i = 0; i < all.length; i += 20) {
        const batch = all.slice(i, i + 20);
        const results = await Promise.all(batch.map((f) => throwFrame(server.url, f)));
        for (const [j, outcome] of results.entries()) outcomes.push({ label: batch[j]!.label, outcome });
      }
    } finally {
      clearInterval(ticker);
    }
    const silent = outcomes.filter((o) => o.outcome === "silence");
    expect(silent, `seed ${seed}: frames that got neither an error nor a disconnect`).toEqual([]);

    // Everything published during the storm reached the bystander, in order.
    const deadline = Date.now() + 3000;
    while (received.length < published && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(received).toEqual(Array.from({ length: published }, (_, n) => n));
    expect(published).toBeGreaterThan(10);

    // And a newcomer still gets in.
    const late = sdkClient(server.url);
    late.connect();
    await once(late, "connected");
    late.disconnect();
    bystander.disconnect();
  });
});
