import type { AdminQuest } from "#common/api/admin-retention";
import type { QuestTaskType } from "#common/api/quests";
import { TRANSLATED_LOCALES } from "../kit/format";

export const TASK_TYPES: [QuestTaskType, string][] = [
  ["bet", "Casino bets (count)"],
  ["wager", "Casino wager (amount)"],
  ["win-multiplier", "Wins of at least × stake (count)"],
  ["deposit", "Deposits (amount)"],
  ["login-days", "Login days (count)"],
  ["sport-bet", "Sports bets settled (count)"],
];
export const TASK_NAMES = Object.fromEntries(TASK_TYPES) as Record<string, string>;
/** The goals counted on casino bets: they may be narrowed to game kinds and collections. */
export const CASINO = ["bet", "wager", "win-multiplier"];
export const GAME_KINDS = ["slots", "tables", "live", "crash"] as const;
export type GameKind = (typeof GAME_KINDS)[number];

export type TaskForm = {
  type: QuestTaskType;
  quantity: string;
  minMultiplier: string;
  collectionIds: string[];
  gameKinds: GameKind[];
};
export type RewardForm = { kind: "bonus" | "freespins"; bonusIdentity: string };
export type QuestForm = {
  identity: string;
  name: string;
  description: string;
  translations: Record<string, { name: string; description: string }>;
  startsAt: string;
  endsAt: string;
  durationHours: string;
  isEnabled: boolean;
  sortOrder: string;
  rewards: RewardForm[];
  tasks: TaskForm[];
};

export const blankTask = (): TaskForm => ({
  type: "bet",
  quantity: "1",
  minMultiplier: "",
  collectionIds: [],
  gameKinds: [],
});

/** ISO → the value a datetime-local input takes (UTC, as the server keeps it). */
const localInput = (iso: string | null) => (iso ? iso.slice(0, 16) : "");
const isoOf = (local: string) => (local ? `${local}:00Z` : null);

export const formOf = (q?: AdminQuest): QuestForm => ({
  identity: q?.identity ?? "",
  name: q?.name ?? "",
  description: q?.description ?? "",
  translations: Object.fromEntries(
    TRANSLATED_LOCALES.map(([code]) => [code, q?.translations[code] ?? { name: "", description: "" }]),
  ),
  startsAt: localInput(q?.startsAt ?? null),
  endsAt: localInput(q?.endsAt ?? null),
  durationHours: q?.durationHours === null || q === undefined ? "" : String(q.durationHours),
  isEnabled: q?.isEnabled ?? true,
  sortOrder: String(q?.sortOrder ?? 0),
  rewards: q?.rewards.map(({ kind, bonusIdentity }) => ({ kind, bonusIdentity })) ?? [
    { kind: "bonus", bonusIdentity: "" },
  ],
  tasks: q?.tasks.map((t) => ({
    type: t.type,
    quantity: t.quantity,
    minMultiplier: t.minMultiplier ?? "",
    collectionIds: t.collectionIds,
    // The server keeps only the kinds it accepts (GAME_KINDS); its answer reads them as text.
    gameKinds: t.gameKinds as GameKind[],
  })) ?? [blankTask()],
});

export function bodyOf(f: QuestForm, withTasks: boolean) {
  return {
    name: f.name,
    description: f.description,
    translations: Object.fromEntries(Object.entries(f.translations).filter(([, t]) => t.name.trim() !== "")),
    startsAt: isoOf(f.startsAt),
    endsAt: isoOf(f.endsAt),
    durationHours: f.durationHours.trim() === "" ? null : Number(f.durationHours),
    isEnabled: f.isEnabled,
    sortOrder: Number(f.sortOrder),
    rewards: f.rewards,
    ...(withTasks ? { tasks: tasksOf(f) } : {}),
  };
}

export function tasksOf(f: QuestForm) {
  return f.tasks.map((t) => ({
    type: t.type,
    quantity: t.quantity,
    minMultiplier: t.type === "win-multiplier" ? t.minMultiplier || null : null,
    collectionIds: CASINO.includes(t.type) ? t.collectionIds : [],
    gameKinds: CASINO.includes(t.type) ? t.gameKinds : [],
  }));
}
