import type { WageringContribution } from "#common/api/bonus";
import type { Db } from "../../db/client";
import { fromExcluded } from "../../db/upsert";
import { bonusCodes, bonusDefinitions, bonusPackages } from "./tables";

/**
 * The demo bonuses (decision 0013), upserted by natural keys (page identity, package identity, code): a restart
 * never duplicates them, and an operator's later edits in the back office replace these rows' values.
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
      name: `Welcome ${s.step}: ${s.pct}% up to ${s.cap} USD`,
      description: `Deposit ${s.step} of the welcome package: ${s.pct}% of a deposit of at least ${s.least} USD, up to ${s.cap} USD, wagered ${s.wager}×.${s.step === 2 ? " With 30 free spins on Harbor Fortune." : ""}`,
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
    name: "Weekend reload: 50% up to 100 USD",
    description:
      "50% of any deposit of at least 25 USD, up to 100 USD, wagered 25×. Slots count in full, tables 10%.",
    triggerConditions: from("25"),
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
    name: "High roller: 25% up to 1000 USD",
    description:
      "25% of a deposit of at least 500 USD, up to 1000 USD, wagered 20×; sports bets count from odds 1.5.",
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
    name: "10 USD bonus",
    description: "A 10 USD bonus (or its worth), wagered 20×.",
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
    name: "20 free spins on Harbor Fortune",
    description:
      "20 free spins on the Harbor Fortune slot at 0.20 each (or its worth); what they win becomes a bonus wagered 20×.",
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
    name: "Daily cashback: 10% of yesterday's losses",
    description: "10% of your net losses of the last UTC day, from 1 USD, wagered 5×.",
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
    const rows = await tx
      .insert(bonusDefinitions)
      .values(DEMO_DEFINITIONS.map(({ package: p, ...d }) => ({ ...d, packageId: p ? pack!.id : null })))
      .onConflictDoUpdate({
        target: bonusDefinitions.pageIdentity,
        set: fromExcluded(bonusDefinitions, [
          "kind",
          "name",
          "description",
          "packageId",
          "packageStep",
          "triggerConditions",
          "matchPercent",
          "maxAmountItems",
          "baseCurrencyMaxAmount",
          "wageringMultiplier",
          "contribution",
          "maxBetItems",
          "maxConversionMultiplier",
          "activationDays",
          "wageringDays",
          "cashbackPercent",
          "cashbackPeriodHours",
          "cashbackMinItems",
          "freespinGameSlug",
          "freespinCount",
          "freespinBetItems",
          "sortOrder",
        ]),
      })
      .returning({ id: bonusDefinitions.id, pageIdentity: bonusDefinitions.pageIdentity });
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
