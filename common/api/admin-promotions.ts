import { z } from "zod";
import { paged, pagingQuery } from "./paging";

/**
 * The back office's promotions (issue #21, decision 0024): bonus codes, one by one or generated in bulk. The
 * site imports these with `import type` only (decision 0020: a value import changes the site's chunking).
 */

export const BONUS_CODE_TRIGGERS = ["manual", "deposit", "registration"] as const;

/** A bonus a code may give: its id, name and kind (a code for a deposit bonus waits for the deposit). */
export const adminBonusOption = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(["deposit", "fixed", "cashback", "freespins"]),
  pageIdentity: z.string(),
  isEnabled: z.boolean(),
});
export type AdminBonusOption = z.infer<typeof adminBonusOption>;
export const adminBonusOptionsAnswer = z.object({ data: z.array(adminBonusOption) });

export const adminBonusCode = z.object({
  id: z.string(),
  code: z.string(),
  trigger: z.enum(BONUS_CODE_TRIGGERS),
  bonus: z.object({ id: z.string(), name: z.string() }),
  /** Redemptions allowed in total; null: no limit. Each player redeems a code once. */
  usageLimit: z.number().int().nullable(),
  /** Redemptions so far (a waiting deposit code counts; withdrawn, it gives its use back). */
  usedCount: z.number().int(),
  validFrom: z.string().nullable(),
  validTo: z.string().nullable(),
  isEnabled: z.boolean(),
  /** The bulk generation it came from; null when created on its own. */
  batch: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminBonusCode = z.infer<typeof adminBonusCode>;

export const adminBonusCodesQuery = z
  .object({
    /** Part of the code, or a batch id. */
    q: z.string().trim().max(64).optional(),
    status: z.enum(["enabled", "disabled"]).optional(),
  })
  .extend(pagingQuery({ perPage: 50, maxPerPage: 200 }).shape);
export const adminBonusCodesAnswer = paged(adminBonusCode);
export const adminBonusCodeAnswer = z.object({ data: adminBonusCode });

const when = z.iso.datetime({ offset: true }).max(40).nullable().default(null);
const limits = {
  bonusId: z
    .string()
    .max(9)
    .regex(/^\d{1,9}$/, "a bonus id"),
  trigger: z.enum(BONUS_CODE_TRIGGERS).default("manual"),
  /** Redemptions in total (of each code, in bulk); null: no limit. */
  usageLimit: z.number().int().min(1).max(10_000_000).nullable().default(null),
  validFrom: when,
  validTo: when,
};
const windowOk = (b: { validFrom: string | null; validTo: string | null }) =>
  b.validFrom === null || b.validTo === null || Date.parse(b.validFrom) < Date.parse(b.validTo);
const windowIssue = { message: "validTo must be after validFrom", path: ["validTo"] };

export const bonusCodeCreateBody = z
  .object({
    /** What players type: letters, digits, - and _; stored upper case (players type it in any case). */
    code: z
      .string()
      .trim()
      .min(3)
      .max(32)
      .regex(/^[A-Za-z0-9_-]+$/, "letters, digits, - and _ only")
      .transform((v) => v.toUpperCase()),
    ...limits,
  })
  .refine(windowOk, windowIssue);
export type BonusCodeCreateBody = z.input<typeof bonusCodeCreateBody>;

export const bonusCodeBulkBody = z
  .object({
    /** Every code starts with it, e.g. SPRING- (upper case). */
    prefix: z
      .string()
      .trim()
      .max(16)
      .regex(/^[A-Za-z0-9_-]*$/, "letters, digits, - and _ only")
      .transform((v) => v.toUpperCase())
      .default(""),
    count: z.number().int().min(1).max(10_000),
    /** Random characters after the prefix (from 31 unambiguous letters and digits). */
    length: z.number().int().min(6).max(16).default(8),
    ...limits,
    usageLimit: z.number().int().min(1).max(10_000_000).nullable().default(1),
  })
  .refine(windowOk, windowIssue);
export type BonusCodeBulkBody = z.input<typeof bonusCodeBulkBody>;

export const bonusCodeBatchAnswer = z.object({
  data: z.object({ batch: z.string(), count: z.number().int() }),
});
export type BonusCodeBatch = z.infer<typeof bonusCodeBatchAnswer>["data"];

export const bonusCodeChangeBody = z.object({ isEnabled: z.boolean() });

export const bonusCodesExportQuery = z.object({
  batch: z
    .string()
    .max(40)
    .regex(/^[a-z0-9-]{1,40}$/, "a batch id"),
});
