import { randomBytes, randomUUID } from "node:crypto";
import { and, asc, count, desc, eq, ilike, or, type SQL } from "drizzle-orm";
import type { z } from "zod";
import type {
  AdminBonusCode,
  AdminBonusOption,
  BonusCodeBatch,
  bonusCodeBulkBody,
  bonusCodeCreateBody,
} from "#common/api/admin-promotions";
import { type Page, pageMetaOf } from "#common/api/paging";
import type { Db } from "../../db/client";
import { ApiError } from "../../http/errors";
import { type AuditActor, audited } from "../staff";
import { bonusCodes, bonusDefinitions } from "./tables";
import { bonusName } from "./texts";

/**
 * Bonus codes as the back office makes them (decision 0024): one code typed by staff, or N random codes with a
 * prefix in one batch (downloadable as CSV), each for one bonus with its limits (redemptions in total, a
 * validity window; a player redeems a code once). Players redeem them through the existing player call
 * (codes.ts), which enforces every limit in its transaction. Deactivating a code makes it "incorrect" to
 * players from then on; what was redeemed stays.
 */

type Code = typeof bonusCodes.$inferSelect;
type Definition = typeof bonusDefinitions.$inferSelect;
type CreateBody = z.output<typeof bonusCodeCreateBody>;
type BulkBody = z.output<typeof bonusCodeBulkBody>;

/** 31 letters and digits a person cannot mistake for one another (no 0/O, 1/I/L). */
const ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";

/** `length` characters of ALPHABET, uniformly (rejection sampling: no modulo bias). */
export function randomCodePart(length: number): string {
  let out = "";
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248 && out.length < length) out += ALPHABET[byte % ALPHABET.length];
    }
  }
  return out;
}

function toAdmin(c: Code, bonusName: string): AdminBonusCode {
  return {
    id: String(c.id),
    code: c.code,
    trigger: c.trigger,
    bonus: { id: String(c.definitionId), name: bonusName },
    usageLimit: c.usageLimit,
    usedCount: c.usedCount,
    validFrom: c.validFrom?.toISOString() ?? null,
    validTo: c.validTo?.toISOString() ?? null,
    isEnabled: c.isEnabled,
    batch: c.batch,
    createdAt: c.createdAt.toISOString(),
  };
}

/** The bonuses a code may give, for the back office's pickers. */
export async function bonusOptions(db: Db): Promise<AdminBonusOption[]> {
  const rows = await db
    .select()
    .from(bonusDefinitions)
    .orderBy(asc(bonusDefinitions.sortOrder), asc(bonusDefinitions.id));
  const out: AdminBonusOption[] = [];
  for (const d of rows)
    out.push({
      id: String(d.id),
      name: await bonusName(db, d),
      kind: d.kind,
      pageIdentity: d.pageIdentity,
      isEnabled: d.isEnabled,
    });
  return out;
}

/**
 * The bonus behind a new code, checked against its trigger: a deposit code gives a deposit bonus (it waits for
 * the deposit); a code typed any time or at sign-up gives a fixed bonus or free spins (given at once). A
 * cashback is claimed, never coded.
 */
async function codeBonus(db: Db, bonusId: string, trigger: CreateBody["trigger"]): Promise<Definition> {
  const [d] = await db
    .select()
    .from(bonusDefinitions)
    .where(eq(bonusDefinitions.id, Number(bonusId)));
  if (!d) throw ApiError.notFound("No bonus with this id");
  const fits = trigger === "deposit" ? d.kind === "deposit" : d.kind === "fixed" || d.kind === "freespins";
  if (!fits)
    throw new ApiError(422, "validation_error", "This bonus cannot be given by this kind of code", {
      bonusId: [
        trigger === "deposit"
          ? "A deposit code gives a deposit bonus"
          : "A code gives a fixed bonus or free spins (a deposit bonus needs a deposit code)",
      ],
    });
  if (!d.isEnabled)
    throw new ApiError(422, "validation_error", "This bonus is switched off", {
      bonusId: ["This bonus is switched off"],
    });
  return d;
}

const limitsOf = (b: CreateBody | BulkBody, d: Definition) => ({
  trigger: b.trigger,
  definitionId: d.id,
  usageLimit: b.usageLimit,
  validFrom: b.validFrom ? new Date(b.validFrom) : null,
  validTo: b.validTo ? new Date(b.validTo) : null,
});

/** POST /api/admin/promotions/codes: one code staff typed; 409 when the code exists. */
export async function createBonusCode(db: Db, actor: AuditActor, body: CreateBody): Promise<AdminBonusCode> {
  const d = await codeBonus(db, body.bonusId, body.trigger);
  return audited(
    db,
    actor,
    { action: "bonus_code.create", targetType: "bonus_code", targetId: null },
    async (tx) => {
      const [row] = await tx
        .insert(bonusCodes)
        .values({ code: body.code, ...limitsOf(body, d) })
        .onConflictDoNothing({ target: bonusCodes.code })
        .returning();
      if (!row)
        throw new ApiError(409, "identity_taken", "This code exists already", {
          code: ["This code exists already"],
        });
      const result = toAdmin(row, await bonusName(tx, d));
      return { before: null, after: result, result };
    },
  );
}

/**
 * POST /api/admin/promotions/codes/bulk: `count` new unique codes `prefix` + random, one batch, one audit record.
 * A random code that exists already (another batch's, or the rare clash: 31^6 ≈ 887 million codes at the
 * least) is skipped and drawn again, so the
 * batch has exactly `count` codes; the unique index on the code decides, not a read before.
 */
export async function generateBonusCodes(db: Db, actor: AuditActor, body: BulkBody): Promise<BonusCodeBatch> {
  const d = await codeBonus(db, body.bonusId, body.trigger);
  const batch = randomUUID();
  const values = limitsOf(body, d);
  return audited(
    db,
    actor,
    { action: "bonus_code.generate", targetType: "bonus_code_batch", targetId: batch },
    async (tx) => {
      let made = 0;
      for (let round = 0; made < body.count; round++) {
        if (round > 20) throw new Error("bonus code generation: could not draw unique codes");
        const want = Math.min(body.count - made, 1000);
        const drawn = new Set<string>();
        while (drawn.size < want) drawn.add(`${body.prefix}${randomCodePart(body.length)}`);
        const rows = await tx
          .insert(bonusCodes)
          .values([...drawn].map((code) => ({ code, batch, ...values })))
          .onConflictDoNothing({ target: bonusCodes.code })
          .returning({ id: bonusCodes.id });
        made += rows.length;
      }
      const result = { batch, count: made };
      return {
        before: null,
        after: { ...result, prefix: body.prefix, length: body.length, ...values },
        result,
      };
    },
  );
}

/** GET /api/admin/promotions/codes: newest first, by part of the code or a batch id, enabled or not. */
export async function listBonusCodes(
  db: Db,
  filter: { q?: string; status?: "enabled" | "disabled" },
  paging: { page: number; perPage: number },
): Promise<Page<AdminBonusCode>> {
  const where: SQL[] = [];
  const q = filter.q?.trim();
  if (q) {
    const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(or(ilike(bonusCodes.code, like), eq(bonusCodes.batch, q.toLowerCase()))!);
  }
  if (filter.status) where.push(eq(bonusCodes.isEnabled, filter.status === "enabled"));
  const cond = where.length ? and(...where) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({ c: bonusCodes, d: bonusDefinitions })
      .from(bonusCodes)
      .innerJoin(bonusDefinitions, eq(bonusDefinitions.id, bonusCodes.definitionId))
      .where(cond)
      .orderBy(desc(bonusCodes.id))
      .limit(paging.perPage)
      .offset((paging.page - 1) * paging.perPage),
    db.select({ n: count() }).from(bonusCodes).where(cond),
  ]);
  const data: AdminBonusCode[] = [];
  for (const { c, d } of rows) data.push(toAdmin(c, await bonusName(db, d)));
  return {
    data,
    meta: pageMetaOf(paging.page, paging.perPage, total?.n ?? 0),
  };
}

/** PATCH /api/admin/promotions/codes/:id: switches a code off (players are told it is incorrect) or on again. */
export async function changeBonusCode(
  db: Db,
  actor: AuditActor,
  id: string,
  change: { isEnabled: boolean },
): Promise<AdminBonusCode> {
  const codeId = Number(id);
  if (!Number.isSafeInteger(codeId) || codeId < 1) throw ApiError.notFound("No bonus code with this id");
  return audited(
    db,
    actor,
    { action: "bonus_code.change", targetType: "bonus_code", targetId: id },
    async (tx) => {
      const [before] = await tx.select().from(bonusCodes).where(eq(bonusCodes.id, codeId)).for("update");
      if (!before) throw ApiError.notFound("No bonus code with this id");
      const [after] = await tx
        .update(bonusCodes)
        .set({ isEnabled: change.isEnabled })
        .where(eq(bonusCodes.id, codeId))
        .returning();
      const [d] = await tx
        .select()
        .from(bonusDefinitions)
        .where(eq(bonusDefinitions.id, after!.definitionId));
      const name = d ? await bonusName(tx, d) : "";
      const result = toAdmin(after!, name);
      return { before: toAdmin(before, name), after: result, result };
    },
  );
}

const csvCell = (v: string) => (/[",\n\r]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
/** Text a spreadsheet would run as a formula (=, +, -, @ first) is kept as text. */
const csvText = (v: string) => csvCell(/^[=+\-@\t\r]/.test(v) ? `'${v}` : v);

/** GET /api/admin/promotions/codes/export?batch: a batch's codes as CSV (code, limits, uses), oldest first. */
export async function batchCsv(db: Db, batch: string): Promise<string> {
  const rows = await db
    .select({ c: bonusCodes, d: bonusDefinitions })
    .from(bonusCodes)
    .innerJoin(bonusDefinitions, eq(bonusDefinitions.id, bonusCodes.definitionId))
    .where(eq(bonusCodes.batch, batch))
    .orderBy(asc(bonusCodes.id));
  if (rows.length === 0) throw ApiError.notFound("No batch with this id");
  // One bonus per batch: its name once.
  const name = await bonusName(db, rows[0]!.d);
  const head = ["code", "bonus", "trigger", "usage_limit", "used", "valid_from", "valid_to", "enabled"];
  const lines = rows.map(({ c }) =>
    [
      csvCell(c.code),
      csvText(name),
      c.trigger,
      c.usageLimit === null ? "" : String(c.usageLimit),
      String(c.usedCount),
      c.validFrom?.toISOString() ?? "",
      c.validTo?.toISOString() ?? "",
      c.isEnabled ? "yes" : "no",
    ].join(","),
  );
  return `${[head.join(","), ...lines].join("\r\n")}\r\n`;
}
