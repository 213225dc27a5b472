import { describe, expect, it } from "vitest";
import type { CrashRoundView } from "#common/api/crash";
import { isBehind } from "./use-crash";

const round = (id: string, phase: CrashRoundView["phase"]): CrashRoundView => ({
  id,
  chainId: "1",
  chainIndex: Number(id),
  phase,
  bettingEndsAt: "2026-11-28T12:00:00.000Z",
});

describe("a crash page's read against what its channel brought", () => {
  it("is behind when it is an earlier round, by number not by text", () => {
    expect(isBehind(round("9", "crashed"), round("10", "betting"))).toBe(true);
    expect(isBehind(round("10", "betting"), round("9", "crashed"))).toBe(false);
  });

  it("is behind when it is an earlier phase of the same round, never when level or later", () => {
    expect(isBehind(round("7", "betting"), round("7", "running"))).toBe(true);
    expect(isBehind(round("7", "running"), round("7", "crashed"))).toBe(true);
    expect(isBehind(round("7", "running"), round("7", "running"))).toBe(false);
    expect(isBehind(round("7", "crashed"), round("7", "running"))).toBe(false);
    expect(isBehind(round("7", "void"), round("7", "betting"))).toBe(false);
  });
});
