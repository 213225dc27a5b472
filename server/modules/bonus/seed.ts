import { inArray } from "drizzle-orm";
import type { WageringContribution } from "#common/api/bonus";
import type { Db } from "../../db/client";
import { fromExcluded } from "../../db/upsert";
import { bonusCodes, bonusDefinitions, bonusPackages } from "./tables";

/**
 * The demo bonuses (decision 0013), inserted by natural keys (page identity, package identity, code) when
 * missing: a restart never duplicates them and never undoes what staff changed in the back office (decision
 * 0026). Their texts are templates: every figure is a placeholder filled from the row (texts.ts).
 */

const CONTRIBUTION: WageringContribution = {
  slots: 100,
  tables: 10,
  live: 10,
  sportsbook: 100,
  sportsbookMinOdds: "1.5",
};

type DefinitionSeed = Omit<typeof bonusDefinitions.$inferInsert, "id" | "packageId"> & { package?: string };

const WELCOME = { identity: "welcome", name: "Welcome package" };

/** The bet of one free spin per currency: 0.20 USD or about its worth. */
const FREESPIN_BETS = [
  { currency: "USD", amount: "0.2" },
  { currency: "EUR", amount: "0.2" },
  { currency: "BRL", amount: "1" },
  { currency: "RUB", amount: "20" },
  { currency: "USDT", amount: "0.2" },
];

const usd = (amount: string) => [{ currency: "USD", amount }];
const from = (usdAmount: string, eur = usdAmount) => ({
  invoiceAmountItems: [
    { currency: "USD", amountFrom: usdAmount },
    { currency: "EUR", amountFrom: eur },
  ],
  baseCurrencyInvoiceAmountFrom: usdAmount,
});

export const DEMO_DEFINITIONS: DefinitionSeed[] = [
  ...[
    { step: 1, pct: 100, cap: "200", wager: "30", least: "20" },
    { step: 2, pct: 75, cap: "300", wager: "30", least: "30" },
    { step: 3, pct: 50, cap: "400", wager: "35", least: "40" },
    { step: 4, pct: 100, cap: "500", wager: "40", least: "50" },
  ].map(
    (s): DefinitionSeed => ({
      kind: "deposit",
      pageIdentity: `welcome-deposit-${s.step}`,
      name: "Welcome {step}: {percent}% up to {cap}",
      description: `Deposit {step} of the welcome package: {percent}% of a deposit of at least {minDeposit}, up to {cap}, wagered {wagering}×.${s.step === 2 ? " With {spins} free spins on {game}." : ""}`,
      package: WELCOME.identity,
      packageStep: s.step,
      triggerConditions: from(s.least),
      matchPercent: s.pct,
      maxAmountItems: usd(s.cap),
      baseCurrencyMaxAmount: s.cap,
      wageringMultiplier: s.wager,
      contribution: CONTRIBUTION,
      maxBetItems: [
        { currency: "USD", amount: "5" },
        { currency: "EUR", amount: "5" },
      ],
      maxConversionMultiplier: "5",
      activationDays: 7,
      wageringDays: 30,
      sortOrder: s.step,
      // The second deposit also brings 30 free spins on the house slot.
      ...(s.step === 2
        ? { freespinGameSlug: "harbor-fortune", freespinCount: 30, freespinBetItems: FREESPIN_BETS }
        : {}),
    }),
  ),
  {
    kind: "deposit",
    pageIdentity: "weekend-reload",
    name: "Weekend reload: {percent}% up to {cap}",
    description:
      "{percent}% of a deposit of at least {minDeposit} on {days}, from your second deposit on, up to {cap}, wagered {wagering}×. Slots count in full, tables in part.",
    // Saturdays and Sundays in the player's time zone, never with a first deposit (issue 36).
    triggerConditions: { ...from("25"), weekdays: [6, 7], fromDeposit: 2 },
    matchPercent: 50,
    maxAmountItems: usd("100"),
    baseCurrencyMaxAmount: "100",
    wageringMultiplier: "25",
    contribution: CONTRIBUTION,
    maxBetItems: usd("5"),
    maxConversionMultiplier: "3",
    activationDays: 3,
    wageringDays: 14,
    sortOrder: 10,
  },
  {
    kind: "deposit",
    pageIdentity: "high-roller",
    name: "High roller: {percent}% up to {cap}",
    description:
      "{percent}% of a deposit of at least {minDeposit}, up to {cap}, wagered {wagering}×; sports bets count too.",
    triggerConditions: from("500"),
    matchPercent: 25,
    maxAmountItems: usd("1000"),
    baseCurrencyMaxAmount: "1000",
    wageringMultiplier: "20",
    contribution: CONTRIBUTION,
    maxBetItems: usd("50"),
    maxConversionMultiplier: null,
    activationDays: 7,
    wageringDays: 30,
    sortOrder: 11,
  },
  {
    kind: "fixed",
    pageIdentity: "code-welcome10",
    name: "{amount} bonus",
    description: "A {amount} bonus (or its worth), wagered {wagering}×.",
    maxAmountItems: usd("10"),
    baseCurrencyMaxAmount: "10",
    wageringMultiplier: "20",
    contribution: CONTRIBUTION,
    maxBetItems: usd("2"),
    maxConversionMultiplier: "10",
    activationDays: 7,
    wageringDays: 7,
    sortOrder: 20,
  },
  {
    kind: "freespins",
    pageIdentity: "freespins-20",
    name: "{spins} free spins on {game}",
    description:
      "{spins} free spins on the {game} slot at {spinBet} each; what they win becomes a bonus wagered {wagering}×.",
    wageringMultiplier: "20",
    contribution: CONTRIBUTION,
    maxConversionMultiplier: "10",
    freespinGameSlug: "harbor-fortune",
    freespinCount: 20,
    freespinBetItems: FREESPIN_BETS,
    activationDays: 7,
    wageringDays: 7,
    sortOrder: 25,
  },
  {
    kind: "cashback",
    pageIdentity: "daily-cashback",
    name: "Daily cashback: {cashbackPercent}% of yesterday's losses",
    description:
      "{cashbackPercent}% of your net losses of the last UTC day, from {cashbackMin}, wagered {wagering}×.",
    wageringMultiplier: "5",
    contribution: CONTRIBUTION,
    cashbackPercent: 10,
    cashbackPeriodHours: 24,
    cashbackMinItems: [
      { currency: "USD", amount: "1" },
      { currency: "EUR", amount: "1" },
    ],
    activationDays: 7,
    wageringDays: 7,
    sortOrder: 30,
  },
];

export const DEMO_CODES = [
  { code: "WELCOME10", trigger: "manual" as const, definition: "code-welcome10", usageLimit: 1000 },
  { code: "RELOAD50", trigger: "deposit" as const, definition: "weekend-reload", usageLimit: 500 },
  { code: "HARBOR10", trigger: "registration" as const, definition: "code-welcome10", usageLimit: 1000 },
  { code: "FREESPINS20", trigger: "manual" as const, definition: "freespins-20", usageLimit: 1000 },
];

export async function seedBonuses(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    const [pack] = await tx
      .insert(bonusPackages)
      .values(WELCOME)
      .onConflictDoUpdate({ target: bonusPackages.identity, set: fromExcluded(bonusPackages, ["name"]) })
      .returning();
    // Only what is missing: staff edits of a seeded bonus survive every restart (decision 0026).
    await tx
      .insert(bonusDefinitions)
      .values(DEMO_DEFINITIONS.map(({ package: p, ...d }) => ({ ...d, packageId: p ? pack!.id : null })))
      .onConflictDoNothing({ target: bonusDefinitions.pageIdentity });
    const rows = await tx
      .select({ id: bonusDefinitions.id, pageIdentity: bonusDefinitions.pageIdentity })
      .from(bonusDefinitions)
      .where(
        inArray(
          bonusDefinitions.pageIdentity,
          DEMO_DEFINITIONS.map((d) => d.pageIdentity),
        ),
      );
    const idOf = new Map(rows.map((r) => [r.pageIdentity, r.id]));
    await tx
      .insert(bonusCodes)
      .values(
        DEMO_CODES.map((c) => ({
          code: c.code,
          trigger: c.trigger,
          definitionId: idOf.get(c.definition)!,
          usageLimit: c.usageLimit,
        })),
      )
      .onConflictDoUpdate({
        target: bonusCodes.code,
        set: fromExcluded(bonusCodes, ["trigger", "definitionId", "usageLimit"]),
      });
  });
}
