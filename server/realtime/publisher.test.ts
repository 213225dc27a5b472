import { describe, expect, it } from "vitest";
import type { RealtimeEvent } from "#common/realtime";
import { afterCommit } from "./publisher";

function recorder() {
  const sent: [string, RealtimeEvent][] = [];
  return { sent, publish: async (channel: string, event: RealtimeEvent) => void sent.push([channel, event]) };
}

describe("afterCommit", () => {
  it("announces only after the work succeeded", async () => {
    const publisher = recorder();
    const result = await afterCommit(publisher, async (announce) => {
      announce("wallet:accounts#1", { event: "playerAccount", data: { balance: "5" } });
      expect(publisher.sent).toHaveLength(0);
      return "done";
    });
    expect(result).toBe("done");
    expect(publisher.sent).toEqual([
      ["wallet:accounts#1", { event: "playerAccount", data: { balance: "5" } }],
    ]);
  });

  it("never announces a change that was rolled back", async () => {
    const publisher = recorder();
    await expect(
      afterCommit(publisher, async (announce) => {
        announce("wallet:accounts#1", { event: "playerAccount", data: {} });
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect(publisher.sent).toHaveLength(0);
  });
});
