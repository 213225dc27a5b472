import { z } from "zod";
import { SITE_LOCALES } from "../i18n/locales";
import { QUEST_TASK_TYPES } from "./quests";
import { currencyCode, dataOf, decimalString } from "./shared";

/**
 * The back office's retention editors (issue #21, decision 0027): quests, loyalty levels and the referral rules.
 * Read with `promotions.read`, changed with `promotions.write`. The site imports these with `import type` only.
 */

/** A positive decimal as text (at most 18 decimals): a quantity, an amount, a threshold. */
const positive = z
  .string()
  .max(40)
  .trim()
  .regex(/^\d{1,20}(\.\d{1,18})?$/, "Enter a number")
  .refine((v) => /[1-9]/.test(v), "Must be more than 0");
/** Zero or more, as text. */
const nonNegative = z
  .string()
  .max(40)
  .trim()
  .regex(/^\d{1,20}(\.\d{1,18})?$/, "Enter a number");
const when = z.iso.datetime({ offset: true }).max(40).nullable();

// Quests

export const adminQuestTask = z.object({
  type: z.enum(QUEST_TASK_TYPES),
  /** A count, or for wager and deposit the amount in the base currency. */
  quantity: positive,
  /** Amount tasks: the amount in other currencies where it differs. */
  quantityItems: z
    .array(z.object({ currency: currencyCode, amount: positive }))
    .max(20)
    .default([]),
  /** win-multiplier tasks: the least payout ÷ stake that counts. */
  minMultiplier: positive.nullable().default(null),
  /** Casino tasks: the collections (ids) counted; empty: every game. */
  collectionIds: z
    .array(
      z
        .string()
        .max(9)
        .regex(/^\d{1,9}$/, "a collection id"),
    )
    .max(20)
    .default([]),
  /** Casino tasks: the game kinds counted; empty: every kind. */
  gameKinds: z
    .array(z.enum(["slots", "tables", "live", "crash"]))
    .max(4)
    .default([]),
});
export type AdminQuestTask = z.infer<typeof adminQuestTask>;

export const adminQuestReward = z.object({
  /** bonus: a fixed bonus; freespins: a free-spin package's spins. */
  kind: z.enum(["bonus", "freespins"]),
  /** The bonus definition's page identity (the promotions' bonuses list names them). */
  bonusIdentity: z.string().trim().min(1).max(100),
});

const localeCodes = SITE_LOCALES.map((l) => l.code).filter((c) => c !== "en") as [string, ...string[]];
const translation = z.object({
  name: z.string().trim().min(1).max(80),
  description: z.string().trim().max(500).default(""),
});

const questFields = {
  identity: z
    .string()
    .trim()
    .min(3)
    .max(60)
    .regex(/^[a-z0-9-]+$/, "lower-case letters, digits and - only"),
  /** The English name and description; `translations` has the other site locales'. */
  name: z.string().trim().min(1).max(80),
  description: z.string().trim().max(500).default(""),
  translations: z.partialRecord(z.enum(localeCodes), translation).default({}),
  /** The offer's window: players may activate it between these (null: open). */
  startsAt: when.default(null),
  endsAt: when.default(null),
  /** How long an activated quest runs (null: until `endsAt`). */
  durationHours: z
    .number()
    .int()
    .min(1)
    .max(24 * 366)
    .nullable()
    .default(null),
  rewards: z.array(adminQuestReward).min(1, "Give at least one reward").max(5),
  tasks: z.array(adminQuestTask).min(1, "Give at least one task").max(10),
  isEnabled: z.boolean().default(true),
  sortOrder: z.number().int().min(0).max(10_000).default(0),
};
const windowOk = (b: { startsAt?: string | null; endsAt?: string | null }) =>
  !b.startsAt || !b.endsAt || Date.parse(b.startsAt) < Date.parse(b.endsAt);
const windowIssue = { message: "Must be after the start", path: ["endsAt"] };

export const adminQuestCreateBody = z.object(questFields).refine(windowOk, windowIssue);
export type AdminQuestCreateBody = z.input<typeof adminQuestCreateBody>;

/** Any of the quest's fields; `identity` never changes. Tasks, when given, replace the quest's tasks. */
export const adminQuestChangeBody = z
  .object({
    name: questFields.name.optional(),
    description: z.string().trim().max(500).optional(),
    translations: z.partialRecord(z.enum(localeCodes), translation).optional(),
    startsAt: when.optional(),
    endsAt: when.optional(),
    durationHours: z
      .number()
      .int()
      .min(1)
      .max(24 * 366)
      .nullable()
      .optional(),
    rewards: questFields.rewards.optional(),
    tasks: questFields.tasks.optional(),
    isEnabled: z.boolean().optional(),
    sortOrder: z.number().int().min(0).max(10_000).optional(),
  })
  .refine(windowOk, windowIssue);
export type AdminQuestChangeBody = z.input<typeof adminQuestChangeBody>;

export const adminQuest = z.object({
  id: z.string(),
  identity: z.string(),
  name: z.string(),
  description: z.string(),
  translations: z.record(z.string(), z.object({ name: z.string(), description: z.string() })),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  durationHours: z.number().int().nullable(),
  rewards: z.array(
    z.object({
      kind: z.enum(["bonus", "freespins"]),
      bonusIdentity: z.string(),
      /** The bonus's name, null when no such bonus exists any more. */
      name: z.string().nullable(),
    }),
  ),
  tasks: z.array(
    z.object({
      id: z.string(),
      type: z.enum(QUEST_TASK_TYPES),
      quantity: decimalString,
      quantityItems: z.array(z.object({ currency: z.string(), amount: decimalString })),
      minMultiplier: decimalString.nullable(),
      collectionIds: z.array(z.string()),
      gameKinds: z.array(z.string()),
    }),
  ),
  isEnabled: z.boolean(),
  sortOrder: z.number().int(),
  /** Players with it running now: while any, its tasks cannot change (decision 0027). */
  runningCount: z.number().int(),
  completedCount: z.number().int(),
});
export type AdminQuest = z.infer<typeof adminQuest>;
export const adminQuestsAnswer = dataOf(z.array(adminQuest));
export const adminQuestAnswer = dataOf(adminQuest);

// Loyalty levels

const bonusAmounts = z
  .array(z.object({ currency: currencyCode, amount: positive }))
  .min(1, "Give an amount in at least one currency")
  .max(20);

export const adminLoyaltyLevelChangeBody = z.object({
  name: z.string().trim().min(1).max(40).optional(),
  /** Points needed to reach it: more than the level below's, less than the level above's. */
  points: positive.optional(),
  /** Extra points on reaching it (null: none). */
  rewardPoints: positive.nullable().optional(),
  /** A bonus on reaching it, per currency (null: none). */
  rewardBonus: z.object({ amounts: bonusAmounts, wageringMultiplier: nonNegative }).nullable().optional(),
});
export type AdminLoyaltyLevelChangeBody = z.input<typeof adminLoyaltyLevelChangeBody>;

export const adminLoyaltyLevel = z.object({
  id: z.string(),
  order: z.number().int(),
  name: z.string(),
  points: decimalString,
  rewards: z.object({
    points: decimalString.nullable(),
    bonus: z
      .object({
        amounts: z.array(z.object({ currency: z.string(), amount: decimalString })),
        wageringMultiplier: z.string(),
      })
      .nullable(),
  }),
  /** Players whose highest level reached is this one. */
  playersOnLevel: z.number().int(),
});
export type AdminLoyaltyLevel = z.infer<typeof adminLoyaltyLevel>;
export const adminLoyaltyLevelsAnswer = dataOf(z.array(adminLoyaltyLevel));
export const adminLoyaltyLevelAnswer = dataOf(adminLoyaltyLevel);

// Referral rules

export const adminReferralRulesBody = z.object({
  /** Per currency, once per referred player: the referrer's reward for a first deposit of at least minDeposit. */
  firstDeposit: z
    .array(z.object({ currency: currencyCode, reward: nonNegative, minDeposit: positive.nullable() }))
    .max(20)
    .refine((l) => new Set(l.map((f) => f.currency)).size === l.length, "Each currency once"),
  /** The referrer's share (%) of each referred player's net gaming revenue per closed UTC day. */
  revenueSharePercent: nonNegative.refine((v) => Number(v) <= 100, "At most 100"),
});
export type AdminReferralRulesBody = z.input<typeof adminReferralRulesBody>;

export const adminReferralRules = z.object({
  firstDeposit: z.array(
    z.object({ currency: z.string(), reward: decimalString, minDeposit: decimalString.nullable() }),
  ),
  revenueSharePercent: decimalString,
  /** false: no staff edit yet, the server's configuration applies. */
  fromStaff: z.boolean(),
  referredCount: z.number().int(),
});
export type AdminReferralRules = z.infer<typeof adminReferralRules>;
export const adminReferralRulesAnswer = dataOf(adminReferralRules);
