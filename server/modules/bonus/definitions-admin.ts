import { and, asc, count, eq, ne } from "drizzle-orm";
import type { z } from "zod";
import type { AdminBonus, adminBonusChangeBody, adminBonusCreateBody } from "#common/api/admin-bonuses";
import { compareAmounts, normalizeAmount } from "#common/money";
import type { Cache } from "../../cache";
import type { Db } from "../../db/client";
import { ApiError } from "../../http/errors";
import { gameRefs } from "../game";
import { findBaseCurrency, listCurrencies } from "../settings";
import { type AuditActor, audited, recordAudit } from "../staff";
import { BONUS_FIGURES_CACHE, type Definition } from "./definitions";
import { bonusDefinitions, bonusPackages, playerBonuses, playerFreespins } from "./tables";
import { BONUS_TEXT_PLACEHOLDERS, bonusTexts, textProblems } from "./texts";

/**
 * Bonus definitions as marketing staff edit them (decision 0026): deposit bonuses and the welcome package's
 * order, fixed bonuses, free-spin packages and cashback rules. A player's bonus and free spins copy their terms
 * when given (player-bonuses.ts, freespins.ts), and a deposit's chosen bonus is kept with the invoice as it was
 * chosen (deposits.ts), so an edit changes what is offered from now on and nothing a player holds. Texts are
 * templates whose figures come from the row (texts.ts): an edited rule cannot leave a text quoting the old one.
 */

type CreateBody = z.output<typeof adminBonusCreateBody>;
type ChangeBody = z.output<typeof adminBonusChangeBody>;
type Terms = Omit<Definition, "id" | "packageId">;

export interface BonusAdminDeps {
  db: Db;
  cache: Cache;
}

const WELCOME_PACKAGE = { identity: "welcome", name: "Welcome package" };

const dec = (v: string) => normalizeAmount(v) ?? v;
const decOrNull = (v: string | null) => (v === null ? null : dec(v));
const itemsOut = (items: { currency: string; amount: string }[]) =>
  items.map((i) => ({ currency: i.currency, amount: dec(i.amount) }));

async function issuedCount(db: Db, id: number): Promise<number> {
  const [[bonuses], [spins]] = await Promise.all([
    db.select({ n: count() }).from(playerBonuses).where(eq(playerBonuses.definitionId, id)),
    db.select({ n: count() }).from(playerFreespins).where(eq(playerFreespins.definitionId, id)),
  ]);
  return (bonuses?.n ?? 0) + (spins?.n ?? 0);
}

async function toAdmin(db: Db, d: Definition): Promise<AdminBonus> {
  return {
    id: String(d.id),
    kind: d.kind,
    pageIdentity: d.pageIdentity,
    isEnabled: d.isEnabled,
    sortOrder: d.sortOrder,
    name: d.name,
    description: d.description,
    translations: d.translations as AdminBonus["translations"],
    packageStep: d.packageStep,
    triggerConditions: {
      invoiceAmountItems: d.triggerConditions.invoiceAmountItems.map((i) => ({
        currency: i.currency,
        amountFrom: dec(i.amountFrom),
      })),
      baseCurrencyInvoiceAmountFrom: decOrNull(d.triggerConditions.baseCurrencyInvoiceAmountFrom),
    },
    matchPercent: d.matchPercent,
    maxAmountItems: itemsOut(d.maxAmountItems),
    baseCurrencyMaxAmount: decOrNull(d.baseCurrencyMaxAmount),
    wageringMultiplier: dec(d.wageringMultiplier),
    contribution: d.contribution,
    maxBetItems: itemsOut(d.maxBetItems),
    maxConversionMultiplier: decOrNull(d.maxConversionMultiplier),
    activationDays: d.activationDays,
    wageringDays: d.wageringDays,
    cashbackPercent: d.cashbackPercent,
    cashbackPeriodHours: d.cashbackPeriodHours,
    cashbackMinItems: itemsOut(d.cashbackMinItems),
    freespinGameSlug: d.freespinGameSlug,
    freespinCount: d.freespinCount,
    freespinBetItems: itemsOut(d.freespinBetItems),
    preview: await bonusTexts(db, d),
    issued: await issuedCount(db, d.id),
  };
}

/** GET /api/admin/bonuses: every definition, switched off ones too, in the site's order. */
export async function listBonusDefinitions(db: Db) {
  const rows = await db
    .select()
    .from(bonusDefinitions)
    .orderBy(asc(bonusDefinitions.sortOrder), asc(bonusDefinitions.id));
  const data: AdminBonus[] = [];
  for (const d of rows) data.push(await toAdmin(db, d));
  const cur = await listCurrencies(db);
  return {
    data,
    meta: {
      placeholders: { ...BONUS_TEXT_PLACEHOLDERS } as Record<string, string>,
      currencies: cur.map((c) => c.code).sort(),
      baseCurrency: (await findBaseCurrency(db))?.code ?? "USD",
    },
  };
}

class Problems {
  readonly errors: Record<string, string[]> = {};
  add(field: string, message: string) {
    this.errors[field] = [...(this.errors[field] ?? []), message];
  }
  throwIfAny() {
    if (Object.keys(this.errors).length)
      throw new ApiError(422, "validation_error", "Some fields are not valid", this.errors);
  }
}

/**
 * The rules a definition's terms must keep whatever changed (422 naming each field): what its kind needs and
 * nothing its kind has no use for, known currencies each listed once, a game that exists, and texts whose
 * figures are placeholders it can fill.
 */
async function checkTerms(db: Db, kind: Definition["kind"], t: Terms): Promise<void> {
  const p = new Problems();
  const known = new Set((await listCurrencies(db)).map((c) => c.code));
  const lists: [string, { currency: string }[]][] = [
    ["triggerConditions.invoiceAmountItems", t.triggerConditions.invoiceAmountItems],
    ["maxAmountItems", t.maxAmountItems],
    ["maxBetItems", t.maxBetItems],
    ["cashbackMinItems", t.cashbackMinItems],
    ["freespinBetItems", t.freespinBetItems],
  ];
  for (const [field, list] of lists) {
    const seen = new Set<string>();
    list.forEach((item, i) => {
      if (!known.has(item.currency))
        p.add(`${field}.${i}.currency`, `${item.currency} is not a currency here`);
      else if (seen.has(item.currency)) p.add(`${field}.${i}.currency`, `${item.currency} is listed twice`);
      seen.add(item.currency);
    });
  }
  // The base-currency figure and the base currency's own line are one rule: they may not say two things.
  const base = (await findBaseCurrency(db))?.code;
  const sameAsBase = (field: string, value: string | null, listed: string | undefined) => {
    if (value !== null && listed !== undefined && compareAmounts(value, listed) !== 0)
      p.add(field, `Differs from the ${base} line (${dec(listed)}): one rule, one figure`);
  };
  sameAsBase(
    "baseCurrencyMaxAmount",
    t.baseCurrencyMaxAmount,
    t.maxAmountItems.find((i) => i.currency === base)?.amount,
  );
  sameAsBase(
    "triggerConditions.baseCurrencyInvoiceAmountFrom",
    t.triggerConditions.baseCurrencyInvoiceAmountFrom,
    t.triggerConditions.invoiceAmountItems.find((i) => i.currency === base)?.amountFrom,
  );
  const notFor = (field: string, has: boolean) => {
    if (has) p.add(field, `A ${kind} bonus has no use for this`);
  };
  const spins = t.freespinGameSlug !== null || t.freespinCount !== null || t.freespinBetItems.length > 0;
  const cashback =
    t.cashbackPercent !== null || t.cashbackPeriodHours !== null || t.cashbackMinItems.length > 0;
  const trigger =
    t.triggerConditions.invoiceAmountItems.length > 0 ||
    t.triggerConditions.baseCurrencyInvoiceAmountFrom !== null;
  const amount = t.maxAmountItems.length > 0 || t.baseCurrencyMaxAmount !== null;
  if (kind !== "deposit") {
    notFor("packageStep", t.packageStep !== null);
    notFor("triggerConditions", trigger);
    notFor("matchPercent", t.matchPercent !== 0);
  }
  if (kind !== "cashback") notFor("cashbackPercent", cashback);
  if (kind === "deposit") {
    if (!trigger)
      p.add(
        "triggerConditions",
        "A deposit bonus needs its least deposit (in a currency or the base currency)",
      );
    if (t.matchPercent === 0 && !spins)
      p.add("matchPercent", "A deposit bonus gives a match, free spins or both");
  }
  if (kind === "fixed") {
    if (!amount)
      p.add("maxAmountItems", "A fixed bonus needs its amount (in a currency or the base currency)");
    notFor("freespinGameSlug", spins);
  }
  if (kind === "freespins" || kind === "cashback") notFor("maxAmountItems", amount);
  if (kind === "cashback") {
    notFor("freespinGameSlug", spins);
    notFor("maxBetItems", t.maxBetItems.length > 0);
    if (t.cashbackPercent === null) p.add("cashbackPercent", "A cashback needs its percentage");
    if (t.cashbackPeriodHours === null) p.add("cashbackPeriodHours", "A cashback needs its period");
  }
  if (kind === "freespins" && !spins) p.add("freespinGameSlug", "A free-spin package needs its game");
  if (spins) {
    if (t.freespinGameSlug === null) p.add("freespinGameSlug", "Free spins need their game");
    else if ((await gameRefs(db, { slug: t.freespinGameSlug })).length === 0)
      p.add("freespinGameSlug", `No game with the slug ${t.freespinGameSlug}`);
    if (t.freespinCount === null) p.add("freespinCount", "Free spins need their number");
    if (t.freespinBetItems.length === 0) p.add("freespinBetItems", "Free spins need their bet in a currency");
  }
  const asRow = { ...t, id: 0, packageId: null, kind } as Definition;
  const texts: [string, string][] = [
    ["name", t.name],
    ["description", t.description],
    ...Object.entries(t.translations).flatMap(([locale, x]): [string, string][] =>
      x
        ? [
            [`translations.${locale}.name`, x.name],
            [`translations.${locale}.description`, x.description],
          ]
        : [],
    ),
  ];
  for (const [field, text] of texts) for (const problem of textProblems(text, asRow)) p.add(field, problem);
  p.throwIfAny();
}

async function welcomePackageId(tx: Db): Promise<number> {
  const [existing] = await tx
    .select()
    .from(bonusPackages)
    .where(eq(bonusPackages.identity, WELCOME_PACKAGE.identity));
  if (existing) return existing.id;
  const [made] = await tx.insert(bonusPackages).values(WELCOME_PACKAGE).returning();
  return made!.id;
}

/** A welcome step is one bonus's: 409 when another holds it (move that one first). */
async function checkStepFree(tx: Db, step: number, self: number | null) {
  const [other] = await tx
    .select({ id: bonusDefinitions.id, name: bonusDefinitions.pageIdentity })
    .from(bonusDefinitions)
    .where(
      and(eq(bonusDefinitions.packageStep, step), self === null ? undefined : ne(bonusDefinitions.id, self)),
    );
  if (other)
    throw new ApiError(409, "bonus_step_taken", `Step ${step} of the welcome package is ${other.name}'s`, {
      packageStep: [`Step ${step} is ${other.name}'s: move that bonus first`],
    });
}

const termsOf = (b: CreateBody | Definition): Terms => ({
  kind: (b as Definition).kind,
  pageIdentity: (b as Definition).pageIdentity,
  isEnabled: b.isEnabled,
  name: b.name,
  description: b.description,
  translations: b.translations,
  packageStep: b.packageStep,
  triggerConditions: b.triggerConditions,
  matchPercent: b.matchPercent,
  maxAmountItems: b.maxAmountItems,
  baseCurrencyMaxAmount: b.baseCurrencyMaxAmount,
  wageringMultiplier: b.wageringMultiplier,
  contribution: b.contribution,
  maxBetItems: b.maxBetItems,
  maxConversionMultiplier: b.maxConversionMultiplier,
  activationDays: b.activationDays,
  wageringDays: b.wageringDays,
  cashbackPercent: b.cashbackPercent,
  cashbackPeriodHours: b.cashbackPeriodHours,
  cashbackMinItems: b.cashbackMinItems,
  freespinGameSlug: b.freespinGameSlug,
  freespinCount: b.freespinCount,
  freespinBetItems: b.freespinBetItems,
  sortOrder: b.sortOrder,
});

/** POST /api/admin/bonuses: a new definition (switched off unless asked); 409 when its page address is taken. */
export async function createBonusDefinition(
  deps: BonusAdminDeps,
  actor: AuditActor,
  body: CreateBody,
): Promise<AdminBonus> {
  const terms = termsOf(body);
  await checkTerms(deps.db, body.kind, terms);
  // One transaction: the row and its audit record, which names the new row.
  const result = await deps.db.transaction(async (tx) => {
    if (terms.packageStep !== null) await checkStepFree(tx, terms.packageStep, null);
    const [row] = await tx
      .insert(bonusDefinitions)
      .values({
        ...terms,
        packageId: terms.packageStep === null ? null : await welcomePackageId(tx),
      })
      .onConflictDoNothing({ target: bonusDefinitions.pageIdentity })
      .returning();
    if (!row)
      throw new ApiError(409, "identity_taken", "A bonus has this page address already", {
        pageIdentity: ["A bonus has this page address already"],
      });
    const after = await toAdmin(tx, row);
    await recordAudit(
      tx,
      actor,
      { action: "bonus.create", targetType: "bonus_definition", targetId: row.id },
      null,
      { ...after, preview: undefined },
    );
    return after;
  });
  await deps.cache.invalidate(BONUS_FIGURES_CACHE);
  return result;
}

/**
 * PATCH /api/admin/bonuses/:id: changes terms and/or switches it off or on. The row is locked first, so racing
 * edits queue and each audit record's "before" is what it replaced. A welcome step players have taken keeps
 * its place (their progress through the package is counted by it).
 */
export async function changeBonusDefinition(
  deps: BonusAdminDeps,
  actor: AuditActor,
  id: string,
  body: ChangeBody,
): Promise<AdminBonus> {
  const defId = /^\d{1,9}$/.test(id) ? Number(id) : undefined;
  if (defId === undefined) throw ApiError.notFound("No bonus with this id");
  const result = await audited(
    deps.db,
    actor,
    { action: "bonus.change", targetType: "bonus_definition", targetId: defId },
    async (tx) => {
      const [before] = await tx
        .select()
        .from(bonusDefinitions)
        .where(eq(bonusDefinitions.id, defId))
        .for("update");
      if (!before) throw ApiError.notFound("No bonus with this id");
      const terms: Terms = { ...termsOf(before), ...body } as Terms;
      // The back office edits the amounts only: the days and the deposit a bonus starts from stay (issue 36).
      if (body.triggerConditions) {
        const { weekdays, fromDeposit } = before.triggerConditions;
        terms.triggerConditions = {
          ...body.triggerConditions,
          ...(weekdays ? { weekdays } : {}),
          ...(fromDeposit ? { fromDeposit } : {}),
        };
      }
      await checkTerms(tx, before.kind, terms);
      if (terms.packageStep !== before.packageStep) {
        if (before.packageStep !== null && (await issuedCount(tx, defId)) > 0)
          throw new ApiError(409, "bonus_step_taken", "Players have taken this step: its place is fixed", {
            packageStep: ["Players have taken this step of the welcome package: its place cannot change"],
          });
        if (terms.packageStep !== null) await checkStepFree(tx, terms.packageStep, defId);
      }
      const [row] = await tx
        .update(bonusDefinitions)
        .set({
          ...terms,
          packageId: terms.packageStep === null ? null : (before.packageId ?? (await welcomePackageId(tx))),
        })
        .where(eq(bonusDefinitions.id, defId))
        .returning();
      const changed = Object.fromEntries(
        Object.keys(body).map((k) => [k, (before as Record<string, unknown>)[k]]),
      );
      const after = Object.fromEntries(
        Object.keys(body).map((k) => [k, (row as Record<string, unknown>)[k]]),
      );
      return { before: changed, after, result: await toAdmin(tx, row!) };
    },
  );
  await deps.cache.invalidate(BONUS_FIGURES_CACHE);
  return result;
}
