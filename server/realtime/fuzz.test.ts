import type { Centrifuge, PublicationContext } from "centrifuge";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { playerChannel } from "#common/realtime";
import { once, type RealtimeServer, sdkClient, startRealtimeServer, tokenFor } from "./test-support";

/**
 * Malformed input over raw sockets, a few hundred frames from a seeded generator (FUZZ_SEED=<n> replays a
 * run; the seed is in every failure message). Each frame must be answered: an error reply (`error.code`) or a
 * close with a protocol disconnect code (3000–4999), never silence and never a crash, while a bystander on the
 * official SDK keeps getting its publications.
 */

const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
const FRAMES = Number(process.env.FUZZ_FRAMES ?? 300);
const MAX_MESSAGE_BYTES = 8 * 1024;
const ANSWER_MS = 2000;

/** mulberry32: small, fast, and the same sequence for the same seed everywhere. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(xs: readonly T[]): T => xs[int(xs.length)]!;
  return { next, int, pick };
}
type Rng = ReturnType<typeof prng>;

/** One fuzz case: what to send, and whether to send it after a valid connect. */
interface Case {
  kind: string;
  afterConnect: boolean;
  frame: string | Buffer;
  binary?: boolean;
}

const OWN_ID = "500";

function garbageValue(r: Rng, depth = 0): unknown {
  const roll = r.int(depth > 3 ? 6 : 9);
  switch (roll) {
    case 0:
      return null;
    case 1:
      return r.next() < 0.5;
    case 2:
      return r.pick([-1, 0, 1.5, 2 ** 53, -(2 ** 63), 1e308, 4294967296]);
    case 3:
      return r.pick(["", "x", "\u0000", "\ud800", "💥", "a".repeat(r.int(300))]);
    case 4:
      return r.pick(["global:online", playerChannel("accounts", OWN_ID), playerChannel("accounts", 1)]);
    case 5:
      return {};
    case 6:
      return Array.from({ length: r.int(4) }, () => garbageValue(r, depth + 1));
    default:
      return Object.fromEntries(
        Array.from({ length: 1 + r.int(3) }, () => [
          r.pick(["channel", "token", "data", "id", "__proto__", "constructor", "x"]),
          garbageValue(r, depth + 1),
        ]),
      );
  }
}

const METHODS = ["connect", "subscribe", "unsubscribe", "refresh", "publish", "presence", "history", "rpc"];

/** Every frame here is malformed in the state it is sent in: the hub must object. */
function generate(r: Rng): Case {
  const afterConnect = r.next() < 0.6;
  const kinds: (() => Omit<Case, "afterConnect">)[] = [
    () => ({ kind: "random text", frame: randomText(r) }),
    () => ({ kind: "binary frame", frame: randomBytes(r, 1 + r.int(200)), binary: true }),
    () => ({
      kind: "binary frame holding a valid command",
      frame: Buffer.from(JSON.stringify({ id: 1, connect: {} })),
      binary: true,
    }),
    () => ({
      kind: "invalid UTF-8",
      frame: Buffer.concat([Buffer.from('{"id":1,"connect":{"token":"'), invalidUtf8(r), Buffer.from('"}}')]),
    }),
    () => {
      const valid = JSON.stringify({ id: 7, subscribe: { channel: playerChannel("accounts", OWN_ID) } });
      return { kind: "truncated JSON", frame: valid.slice(0, 1 + r.int(valid.length - 1)) };
    },
    () => ({
      kind: "JSON that is no object",
      frame: JSON.stringify(r.pick([[], [{ id: 1, connect: {} }], 42, "connect", null, true])),
    }),
    () => ({
      kind: "id of the wrong type",
      frame: JSON.stringify({
        id: r.pick(["1", -1, 1.5, 2 ** 40, 1e300, null, {}, [1], true]),
        [afterConnect ? "unsubscribe" : "connect"]: afterConnect ? { channel: "global:online" } : {},
      }),
    }),
    () => ({
      kind: "a reply-expecting command without id",
      frame: JSON.stringify(
        afterConnect ? { unsubscribe: { channel: "global:online" } } : r.pick([{ connect: {} }, { rpc: {} }]),
      ),
    }),
    () => ({ kind: "an id and no method", frame: JSON.stringify({ id: 1 + r.int(1000) }) }),
    () => ({
      kind: "method that is no object",
      frame: JSON.stringify({ id: 3, [r.pick(METHODS)]: r.pick([null, 1, "x", [], true]) }),
    }),
    () => ({
      kind: "fields of the wrong type",
      frame: JSON.stringify(
        r.pick([
          { id: 4, connect: { token: r.pick([1, {}, [], true, null]) } },
          { id: 4, subscribe: { channel: r.pick([1, {}, ["global:online"], true, null]) } },
          { id: 4, unsubscribe: { channel: r.pick([1, {}, [], true, null]) } },
          { id: 4, refresh: { token: r.pick([1, {}, [], true, null]) } },
        ]),
      ),
    }),
    () => ({
      kind: "unknown method",
      frame: JSON.stringify({
        id: 5,
        [r.pick(["frobnicate", "__proto__", "constructor", "toString", "x"])]: {},
      }),
    }),
    () => ({
      kind: "nested garbage",
      frame: JSON.stringify(
        r.next() < 0.5
          ? { id: 6, [r.pick(["publish", "presence", "history", "rpc", "frobnicate"])]: garbageValue(r) }
          : { id: 6, subscribe: { channel: [garbageValue(r)], data: garbageValue(r) } },
      ),
    }),
    () => ({
      kind: "deep nesting",
      frame: `{"id":8,"frobnicate":{"data":${"[".repeat(3000)}${"]".repeat(3000)}}}`,
    }),
    () => ({
      kind: "oversized frame",
      frame: JSON.stringify({ id: 9, send: { data: "x".repeat(MAX_MESSAGE_BYTES + r.int(200_000)) } }),
    }),
    () => ({ kind: "empty frame", frame: "" }),
    () => ({ kind: "blank lines only", frame: r.pick(["\n", "\n\n\n", "  \n\t\n"]) }),
    () => ({
      kind: "a batch with blank lines around a bad command",
      frame: [
        "",
        JSON.stringify({ id: 10, subscribe: { channel: "casino:nope#1" } }),
        "",
        "",
        JSON.stringify({ id: 11, presence: { channel: "global:online" } }),
        "",
      ].join("\n"),
    }),
    () => ({
      kind: "a batch whose middle line is broken",
      frame: [
        JSON.stringify({ id: 12, unsubscribe: { channel: "global:online" } }),
        '{"id":13,"subscribe":',
        JSON.stringify({ id: 14, unsubscribe: { channel: "global:online" } }),
      ].join("\n"),
    }),
    () => ({
      kind: "a flood in one frame",
      frame: Array.from({ length: 60 + r.int(200) }, (_, i) =>
        JSON.stringify({ id: 100 + i, unsubscribe: { channel: "global:online" } }),
      ).join("\n"),
    }),
    () => ({
      kind: "a forged token",
      frame: JSON.stringify({
        id: 15,
        [afterConnect ? "refresh" : "connect"]: {
          token: r.pick(["a.b.c", "eyJhbGciOiJub25lIn0.eyJzdWIiOiI1MDAifQ.", randomText(r)]),
        },
      }),
    }),
    () => ({
      kind: "somebody else's channel",
      frame: JSON.stringify({ id: 16, subscribe: { channel: playerChannel("accounts", r.int(400)) } }),
    }),
    () =>
      afterConnect
        ? { kind: "a second connect", frame: JSON.stringify({ id: 17, connect: {} }) }
        : {
            kind: "a command before connect",
            frame: JSON.stringify({ id: 17, subscribe: { channel: "global:online" } }),
          },
  ];
  return { afterConnect, ...r.pick(kinds)() };
}

function randomText(r: Rng): string {
  const palette = '{}[]":,\\\n 0123456789abcdefidconnectsubscribe\u00e9\u4e2d\ud83d\ude00\u0000';
  for (;;) {
    const chars = Array.from({ length: 1 + r.int(120) }, () => palette[r.int(palette.length)]);
    const text = chars.join("");
    // Random text that happens to be a valid frame (`{}`, a pong) is no fuzz case: draw again.
    const lines = text.split("\n").filter((l) => l.trim() !== "");
    const valid =
      lines.length > 0 &&
      lines.every((l) => {
        try {
          const v = JSON.parse(l);
          return typeof v === "object" && v !== null && !Array.isArray(v);
        } catch {
          return false;
        }
      });
    if (!valid) return text;
  }
}

function randomBytes(r: Rng, n: number): Buffer {
  return Buffer.from(Array.from({ length: n }, () => r.int(256)));
}

function invalidUtf8(r: Rng): Buffer {
  return Buffer.from(
    r.pick([[0xff], [0xc0, 0x80], [0xed, 0xa0, 0x80], [0xe2, 0x82], [0xf8, 0x88, 0x80, 0x80]]),
  );
}

type Outcome = { kind: "error"; code: number } | { kind: "close"; code: number } | { kind: "silence" };

/** Opens a raw socket, connects when the case says so, sends the frame and waits for the hub's answer. */
async function run(url: string, c: Case): Promise<Outcome> {
  const ws = new WebSocket(url);
  const lines: Record<string, unknown>[] = [];
  let wake: () => void = () => {};
  let closed: number | undefined;
  ws.on("message", (data, isBinary) => {
    if (isBinary) return;
    for (const l of data.toString().split("\n")) if (l.trim()) lines.push(JSON.parse(l));
    wake();
  });
  ws.on("close", (code) => {
    closed = code;
    wake();
  });
  ws.on("error", () => undefined);
  const until = async (done: () => boolean, ms: number) => {
    const end = Date.now() + ms;
    while (!done() && Date.now() < end)
      await new Promise<void>((r) => {
        wake = r;
        setTimeout(r, 20);
      });
    return done();
  };
  try {
    await new Promise((resolve, reject) => {
      ws.once("open", resolve);
      ws.once("error", reject);
    });
    if (c.afterConnect) {
      ws.send(JSON.stringify({ id: 1, connect: { token: await tokenFor(OWN_ID) } }));
      if (!(await until(() => lines.some((l) => l.id === 1 && "connect" in l), ANSWER_MS)))
        throw new Error("the valid connect got no reply");
      lines.length = 0;
    }
    ws.send(c.frame, { binary: c.binary ?? false });
    const error = () => lines.find((l) => typeof (l.error as { code?: unknown })?.code === "number");
    await until(() => error() !== undefined || closed !== undefined, ANSWER_MS);
    const e = error();
    if (e) return { kind: "error", code: (e.error as { code: number }).code };
    if (closed !== undefined) return { kind: "close", code: closed };
    return { kind: "silence" };
  } finally {
    ws.terminate();
  }
}

describe("fuzzing the realtime hub", () => {
  let server: RealtimeServer;
  let bystander: Centrifuge;
  beforeAll(async () => {
    server = await startRealtimeServer({ limits: { maxMessageBytes: MAX_MESSAGE_BYTES } });
  });
  afterAll(async () => {
    bystander?.disconnect();
    await server.close();
  });

  it(`answers every malformed frame and keeps serving others (seed ${SEED})`, async () => {
    const channel = playerChannel("notifications", 9001);
    bystander = sdkClient(server.url, { token: await tokenFor("9001") });
    const sub = bystander.newSubscription(channel);
    const got: number[] = [];
    let disconnects = 0;
    sub.on("publication", (ctx: PublicationContext) =>
      got.push((ctx.data as { data: { n: number } }).data.n),
    );
    bystander.on("disconnected", () => disconnects++);
    bystander.on("connecting", () => disconnects++);
    sub.subscribe();
    bystander.connect();
    await once(sub, "subscribed");
    disconnects = 0;

    let published = 0;
    const publishing = setInterval(
      () => void server.realtime.publish(channel, { event: "message", data: { n: published++ } }),
      25,
    );

    const r = prng(SEED);
    const cases = Array.from({ length: FRAMES }, () => generate(r));
    const failures: string[] = [];
    try {
      let next = 0;
      await Promise.all(
        Array.from({ length: 8 }, async () => {
          while (next < cases.length) {
            const i = next++;
            const c = cases[i]!;
            const outcome = await run(server.url, c);
            const ok =
              outcome.kind === "error" ||
              (outcome.kind === "close" && outcome.code >= 3000 && outcome.code < 5000);
            if (!ok) {
              const shown =
                typeof c.frame === "string" ? c.frame.slice(0, 200) : c.frame.subarray(0, 60).toString("hex");
              failures.push(
                `#${i} ${c.kind}${c.afterConnect ? " (after connect)" : ""}: ${JSON.stringify(outcome)} for ${JSON.stringify(shown)}`,
              );
            }
          }
        }),
      );
    } finally {
      clearInterval(publishing);
    }
    expect(failures, `FUZZ_SEED=${SEED}: ${failures.length} frames not answered properly`).toEqual([]);

    // Publications made during the fuzzing all arrived, and so does one made after it.
    const last = published;
    expect(last, "publications made while fuzzing").toBeGreaterThan(10);
    await server.realtime.publish(channel, { event: "message", data: { n: last } });
    const deadline = Date.now() + 3000;
    while (!got.includes(last) && Date.now() < deadline) await new Promise((res) => setTimeout(res, 20));
    expect(got, `FUZZ_SEED=${SEED}`).toEqual(Array.from({ length: last + 1 }, (_, i) => i));
    expect(disconnects, `FUZZ_SEED=${SEED}: the bystander lost its connection`).toBe(0);

    // And the server still takes a new connection.
    const fresh = sdkClient(server.url);
    try {
      fresh.connect();
      await once(fresh, "connected");
    } finally {
      fresh.disconnect();
    }
  });
});
