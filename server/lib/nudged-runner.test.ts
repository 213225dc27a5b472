import { describe, expect, it } from "vitest";
import { nudgedRunner } from "./nudged-runner";

describe("nudgedRunner", () => {
  it("makes one run of a burst of nudges, and one more for nudges that come during a run", async () => {
    let runs = 0;
    let release!: () => void;
    let gate = new Promise<void>((r) => {
      release = r;
    });
    const runner = nudgedRunner(async () => {
      runs++;
      await gate;
    }, 5);
    for (let i = 0; i < 10; i++) runner.nudge();
    await new Promise((r) => setTimeout(r, 30));
    expect(runs).toBe(1);
    // Asked for during the run: one more pass after it, however many asked.
    const more = [runner.run(), runner.run(), runner.run()];
    release();
    gate = Promise.resolve();
    await Promise.all(more);
    expect(runs).toBe(2);
    await runner.close();
  });

  it("close cancels a pending nudge and waits for the run under way", async () => {
    let runs = 0;
    const runner = nudgedRunner(async () => {
      runs++;
    }, 50);
    runner.nudge();
    await runner.close();
    await new Promise((r) => setTimeout(r, 80));
    expect(runs).toBe(0);
  });
});
