import type { BonusKind } from "#common/api/admin-bonuses";
import type { BonusInputs } from "./BonusField";

/** The rule's figures for its kind (deposit and match, amount, free spins, cashback), then wagering. */
export function BonusRules({
  f,
  kind,
  baseCurrency,
}: {
  f: BonusInputs;
  kind: BonusKind;
  baseCurrency: string;
}) {
  const perCurrency = `Per currency, e.g. ${baseCurrency} 200, EUR 180`;
  return (
    <>
      {kind === "deposit" && (
        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="mb-2 text-sm font-bold">Deposit and match</legend>
          {f.input("matchPercent", "Match, %", "0: free spins only", { inputMode: "numeric" })}
          {f.input("packageStep", "Welcome package step", "Deposit number 1–10; blank: not in the package", {
            inputMode: "numeric",
          })}
          {f.input("minDeposit", "Least deposit", perCurrency)}
          {f.input("baseMinDeposit", `Least deposit, other currencies (in ${baseCurrency})`, "Blank: none")}
          {f.input("maxAmountItems", "Cap", perCurrency)}
          {f.input("baseCurrencyMaxAmount", `Cap, other currencies (in ${baseCurrency})`, "Blank: none")}
        </fieldset>
      )}
      {kind === "fixed" && (
        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="mb-2 text-sm font-bold">Amount</legend>
          {f.input("maxAmountItems", "Amount given", perCurrency)}
          {f.input("baseCurrencyMaxAmount", `Other currencies (in ${baseCurrency})`, "Blank: none")}
        </fieldset>
      )}
      {(kind === "freespins" || kind === "deposit") && (
        <fieldset className="grid gap-4 sm:grid-cols-3">
          <legend className="mb-2 text-sm font-bold">
            Free spins{kind === "deposit" ? " (optional, with the deposit)" : ""}
          </legend>
          {f.input("freespinGameSlug", "Game (slug)", "e.g. harbor-fortune")}
          {f.input("freespinCount", "Spins", undefined, { inputMode: "numeric" })}
          {f.input("freespinBetItems", "Bet of one spin", perCurrency)}
        </fieldset>
      )}
      {kind === "cashback" && (
        <fieldset className="grid gap-4 sm:grid-cols-3">
          <legend className="mb-2 text-sm font-bold">Cashback</legend>
          {f.input("cashbackPercent", "Of net losses, %", undefined, { inputMode: "numeric" })}
          {f.input("cashbackPeriodHours", "Period, hours", "24: UTC days; 168: weeks", {
            inputMode: "numeric",
          })}
          {f.input("cashbackMinItems", "Least paid", perCurrency)}
        </fieldset>
      )}
      <fieldset className="grid gap-4 sm:grid-cols-3">
        <legend className="mb-2 text-sm font-bold">Wagering</legend>
        {f.input(
          "wageringMultiplier",
          "Wagering, ×",
          kind === "freespins" ? "× the spins' winnings" : "× the bonus amount",
        )}
        {f.input("maxBetItems", "Largest bet while wagering", `${perCurrency}; blank: none`)}
        {f.input("maxConversionMultiplier", "Converted at most, ×", "Blank: no cap")}
        {f.input("slots", "Slots count, %")}
        {f.input("tables", "Tables count, %")}
        {f.input("live", "Live casino counts, %")}
        {f.input("sportsbook", "Sports bets count, %")}
        {f.input("sportsbookMinOdds", "Sports bets from odds")}
        {f.input("activationDays", "Days to activate")}
        {f.input("wageringDays", "Days to wager")}
        {f.input("sortOrder", "Order in lists", "Lower first")}
      </fieldset>
    </>
  );
}
