import type { Db } from "../../db/client";
import { type FactConsumer, recordFact } from "../facts";
import type { QuestFact } from "./progress";
import { applyQuestFact, playersWithRunningQuests } from "./service";

/**
 * The quests' consumer of the domain facts (decision 0015): settled bets, deposits and logins move the player's
 * running quests; a completion is itself a fact (`quest.completed`) for the others (messages, loyalty). The
 * relay runs it once per fact, in one transaction with its mark, so a fact delivered twice moves nothing twice.
 */
export const questsConsumer: FactConsumer = {
  name: "quests",
  kinds: ["bet.settled", "deposit.succeeded", "player.logged-in"],
  async handle(tx: Db, fact, ctx) {
    const completed = await applyQuestFact(
      tx,
      ctx.send,
      fact.occurredAt,
      BigInt(fact.playerId),
      fact as QuestFact,
    );
    for (const pq of completed)
      await recordFact(tx, {
        kind: "quest.completed",
        playerId: fact.playerId,
        key: `quest.completed:${pq.id}`,
        occurredAt: pq.completedAt ?? ctx.now,
        data: { questId: pq.questId },
      });
  },
  async handleMany(tx, facts, ctx) {
    const running = await playersWithRunningQuests(
      tx,
      [...new Set(facts.map((f) => BigInt(f.playerId)))],
      ctx.now,
    );
    for (const fact of facts) if (running.has(fact.playerId)) await questsConsumer.handle(tx, fact, ctx);
  },
};
