import { expect, it } from "vitest";
import { LIMIT_DEFINITION } from "#common/constants";
import { describeEachDb } from "../../test/harness";
import { mayReceiveMarketing } from "./marketing";
import { caller, manualClock } from "./test-support";

const clock = manualClock();
const HOUR = 3_600_000;

describeEachDb(
  "who may receive marketing (issue #16)",
  (ctx) => {
    const { call, register } = caller(() => ctx().app);
    const may = (id: string, channel: "email" | "sms") =>
      mayReceiveMarketing(ctx().database.db, BigInt(id), channel, clock.now());

    it("sends promotions only to an active player who opted in, never during a break or self-exclusion", async () => {
      const p = await register(undefined, { receiveEmailPromo: true });
      expect(await may(p.profile.id, "email")).toBe(true);
      expect(await may(p.profile.id, "sms")).toBe(false);

      const taken = await call({
        url: "/api/player/limits",
        body: { definition: LIMIT_DEFINITION.coolingOff, period: "24h" },
        token: p.accessToken,
      });
      expect(taken.status).toBe(201);
      expect(await may(p.profile.id, "email")).toBe(false);
      clock.advance(24 * HOUR + 1000);
      expect(await may(p.profile.id, "email")).toBe(true);

      const q = await register(undefined, { receiveEmailPromo: true });
      await call({
        url: "/api/player/limits",
        body: { definition: LIMIT_DEFINITION.selfExclusion, period: "6m" },
        token: q.accessToken,
      });
      clock.advance(30 * 24 * HOUR);
      expect(await may(q.profile.id, "email")).toBe(false);
      expect(await may("999999999", "email")).toBe(false);
    });
  },
  { clock },
);
