import type { QuestTaskType } from "#common/api/quests";
import type { Db } from "../../db/client";
import { findCollection } from "../game";
import { type QuestRewardDefinition, quests, questTasks } from "./tables";

/**
 * The demo quests (decision 0015), inserted by identity with their tasks when missing: a restart neither
 * duplicates them nor overwrites what staff changed in the back office (decision 0027).
 * "Harbor warm-up" is done in three spins of the house slot, so a new player sees a quest complete at once.
 */

interface TaskSeed {
  type: QuestTaskType;
  quantity: string;
  quantityItems?: { currency: string; amount: string }[];
  minMultiplier?: string;
  collections?: string[];
  gameKinds?: string[];
}

interface QuestSeed {
  identity: string;
  name: string;
  description: string;
  durationHours: number | null;
  rewards: QuestRewardDefinition[];
  tasks: TaskSeed[];
}

const TEN_USD_BONUS: QuestRewardDefinition = { kind: "bonus", bonusIdentity: "code-welcome10" };

export const DEMO_QUESTS: QuestSeed[] = [
  {
    identity: "harbor-warm-up",
    name: "Harbor warm-up",
    description: "Spin any slot three times.",
    durationHours: 24,
    rewards: [TEN_USD_BONUS],
    tasks: [{ type: "bet", quantity: "3", collections: ["slots"] }],
  },
  {
    identity: "slot-explorer",
    name: "Slot explorer",
    description: "Wager 20 on slots and land a win of at least 2× your stake.",
    durationHours: 72,
    rewards: [TEN_USD_BONUS, { kind: "freespins", bonusIdentity: "freespins-20" }],
    tasks: [
      { type: "wager", quantity: "20", collections: ["slots"] },
      { type: "win-multiplier", quantity: "1", minMultiplier: "2", collections: ["slots"] },
    ],
  },
  {
    identity: "harbor-regular",
    name: "Harbor regular",
    description: "Log in on three different days and deposit 20.",
    durationHours: 24 * 14,
    rewards: [TEN_USD_BONUS],
    tasks: [
      { type: "login-days", quantity: "3" },
      { type: "deposit", quantity: "20" },
    ],
  },
  {
    identity: "sports-starter",
    name: "Sports starter",
    description: "Have two sports bets settled.",
    durationHours: 24 * 7,
    rewards: [TEN_USD_BONUS],
    tasks: [{ type: "sport-bet", quantity: "2" }],
  },
];

export async function seedQuests(db: Db): Promise<void> {
  const collectionId = new Map<string, number>();
  for (const identity of new Set(DEMO_QUESTS.flatMap((q) => q.tasks.flatMap((t) => t.collections ?? [])))) {
    const c = await findCollection(db, identity, null);
    if (c) collectionId.set(identity, c.id);
  }
  await db.transaction(async (tx) => {
    const rows = await tx
      .insert(quests)
      .values(
        DEMO_QUESTS.map((q, i) => ({
          identity: q.identity,
          name: q.name,
          description: q.description,
          durationHours: q.durationHours,
          rewards: q.rewards,
          sortOrder: i,
        })),
      )
      .onConflictDoNothing({ target: quests.identity })
      .returning({ id: quests.id, identity: quests.identity });
    const idOf = new Map(rows.map((r) => [r.identity, r.id]));
    if (idOf.size === 0) return;
    await tx.insert(questTasks).values(
      DEMO_QUESTS.filter((q) => idOf.has(q.identity)).flatMap((q) =>
        q.tasks.map((t, position) => ({
          questId: idOf.get(q.identity)!,
          position,
          type: t.type,
          quantity: t.quantity,
          quantityItems: t.quantityItems ?? [],
          minMultiplier: t.minMultiplier ?? null,
          collectionIds: (t.collections ?? []).flatMap((c) => collectionId.get(c) ?? []),
          gameKinds: t.gameKinds ?? [],
        })),
      ),
    );
  });
}
