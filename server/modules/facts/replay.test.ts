import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import type { Quest } from "#common/api/quests";
import { QUEST_STATE } from "#common/constants";
import { normalizeAmount } from "#common/money";
import { systemClock } from "../../lib/clock";
import { describeEachDb } from "../../test/harness";
import { playerBonuses } from "../bonus/tables";
import { loyaltyAccounts } from "../loyalty/tables";
import { caller } from "../player/test-support";
import { quests } from "../quests/tables";
import type { DomainFact } from "./kinds";
import { recordFact } from "./record";
import { replayFacts } from "./relay";

const quiet = { publish: async () => undefined };

/*
 * Issue #18's replay acceptance: the whole stream of a player's facts fed twice — concurrently, and once more
 * afterwards — leaves the same points, levels, quests, rewards and messages as feeding it once. Two players get
 * the same stream; one is fed once, the other twice, and what each ends with is compared.
 */
describeEachDb(
  "replaying a player's facts",
  (ctx) => {
    const { call, register } = caller(() => ctx().app);
    const db = () => ctx().database.db;
    const deps = () => ({ db: db(), clock: systemClock, publisher: quiet });

    /** Feeds until nothing is new: consumers record facts of their own (a level reached, a quest completed). */
    async function feed(playerId: number, times: 1 | 2): Promise<void> {
      // A few passes settle it (a level's fact, then its message); a consumer that never settles fails here.
      for (let pass = 0; pass < 5; pass++) {
        const runs = await Promise.all(Array.from({ length: times }, () => replayFacts(deps(), playerId)));
        if (runs.every((n) => n === 0)) return;
      }
      throw new Error("the facts never stopped being new");
    }

    async function player(warmUp: string, gameId: number) {
      const { accessToken: token, profile } = await register();
      await call({ url: "/api/wallet/accounts", body: { currency: "USD" }, token });
      const activated = await call({ method: "PUT", url: `/api/retention/quests/${warmUp}/activate`, token });
      expect(activated.status).toBe(200);
      const id = Number(profile.id);
      const facts: DomainFact[] = [
        ...[1, 2, 3].map(
          (n): DomainFact => ({
            kind: "bet.settled",
            playerId: id,
            key: `replay:bet:${id}:${n}`,
            occurredAt: new Date(),
            data: {
              source: "casino",
              gameId,
              gameKind: "slots",
              currency: "USD",
              stake: "4",
              realStake: "4",
              payout: n === 2 ? "8" : "0",
              multiplier: n === 2 ? "2" : "0",
              withBonus: false,
            },
          }),
        ),
        {
          kind: "deposit.succeeded",
          playerId: id,
          key: `replay:deposit:${id}`,
          occurredAt: new Date(),
          data: { invoiceId: `replay-${id}`, currency: "USD", amount: "25" },
        },
      ];
      for (const f of facts) await recordFact(db(), f);
      return { token, id };
    }

    /** What the facts left a player with, without ids or times. */
    async function outcome(p: { token: string; id: number }) {
      const [account] = await db()
        .select()
        .from(loyaltyAccounts)
        .where(eq(loyaltyAccounts.playerId, BigInt(p.id)));
      const list = (await call({ method: "GET", url: "/api/retention/quests", token: p.token })).body
        .data as Quest[];
      const bonuses = await db()
        .select()
        .from(playerBonuses)
        .where(eq(playerBonuses.playerId, BigInt(p.id)));
      const messages = await call({
        method: "GET",
        url: "/api/notification/messenger/messages",
        token: p.token,
      });
      const pushes = await call({ method: "GET", url: "/api/notification/pushes", token: p.token });
      return {
        points: account && normalizeAmount(account.points),
        level: account?.levelOrder ?? 0,
        quests: list
          .filter((q) => q.state !== QUEST_STATE.new)
          .map((q) => ({ state: q.state, progress: q.tasks.map((t) => t.progress) })),
        bonuses: bonuses.map((b) => [b.kind, b.amount, b.status]).sort(),
        messages: (messages.body.data as { title: string }[]).map((m) => m.title).sort(),
        pushes: pushes.body.meta.totalRows,
      };
    }

    it("fed twice, concurrently and again, a stream leaves exactly what feeding it once does", async () => {
      const [warmUp] = await db().select().from(quests).where(eq(quests.identity, "harbor-warm-up"));
      const rows = (await db().execute(
        `select g.game_id from game_collection_games g
           join quest_tasks t on g.collection_id = any(t.collection_ids) where t.quest_id = ${warmUp!.id} limit 1`,
      )) as unknown as { rows: { game_id: string }[] };
      const gameId = Number(rows.rows[0]!.game_id);
      const once = await player(String(warmUp!.id), gameId);
      const twice = await player(String(warmUp!.id), gameId);

      await feed(once.id, 1);
      await feed(twice.id, 2);
      // And the whole stream once more, after everything was handled: nothing is new.
      expect(await replayFacts(deps(), twice.id)).toBe(0);

      const a = await outcome(once);
      const b = await outcome(twice);
      // The stream did something worth comparing: points, a level, the quest done and rewarded, messages.
      // 12 points staked, and Bronze (at 5) gives 1 more.
      expect(a.points).toBe("13");
      expect(a.level).toBe(1);
      expect(a.quests).toEqual([{ state: QUEST_STATE.completed, progress: ["3"] }]);
      expect(a.bonuses.length).toBeGreaterThanOrEqual(1);
      expect(a.messages.length).toBeGreaterThanOrEqual(3);
      expect(b).toEqual(a);
    });
  },
  { env: { FACTS_POLL_MS: "60000" } },
);
