import { describe, expect, it } from "vitest";
import { afterFirstPaint, type Idle } from "./after-first-paint";

/** An idle scheduler the test runs by hand. */
function manualIdle() {
  const queued = new Set<() => void>();
  const idle: Idle = (work) => {
    queued.add(work);
    return () => queued.delete(work);
  };
  const run = () => {
    for (const w of [...queued]) {
      queued.delete(w);
      w();
    }
  };
  return { idle, run };
}

/** A module load the test resolves by hand. */
function manualLoad() {
  let resolve!: (m: string) => void;
  const loaded = new Promise<string>((r) => {
    resolve = r;
  });
  return { load: () => loaded, resolve };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

describe("the chat's work after the first paint", () => {
  it("runs with the loaded module once the page is idle", async () => {
    const { idle, run } = manualIdle();
    const { load, resolve } = manualLoad();
    const ran: string[] = [];
    afterFirstPaint(load, (m) => ran.push(m), idle);
    resolve("store");
    await settle();
    expect(ran).toEqual([]);
    run();
    await settle();
    expect(ran).toEqual(["store"]);
  });

  it("does not run when cancelled before the page was idle", async () => {
    const { idle, run } = manualIdle();
    const { load, resolve } = manualLoad();
    const ran: string[] = [];
    afterFirstPaint(load, (m) => ran.push(m), idle)();
    run();
    resolve("store");
    await settle();
    expect(ran).toEqual([]);
  });

  // The race of a sign-out right after a sign-up: the idle callback had fired and the module was loading.
  it("does not run when cancelled while the module was loading", async () => {
    const { idle, run } = manualIdle();
    const { load, resolve } = manualLoad();
    const ran: string[] = [];
    const cancel = afterFirstPaint(load, (m) => ran.push(`player:${m}`), idle);
    run();
    cancel();
    afterFirstPaint(load, (m) => ran.push(`guest:${m}`), idle);
    run();
    resolve("store");
    await settle();
    expect(ran).toEqual(["guest:store"]);
  });
});
