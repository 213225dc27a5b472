import type { TradingEvent, TradingMarket } from "#common/api/admin-trading";

const RESULT_CLASS: Record<string, string> = {
  won: "text-success",
  half_won: "text-success",
  lost: "text-danger",
  half_lost: "text-danger",
  void: "text-muted",
};

/** A liability: what the book pays if the outcome wins (red), or keeps (green). */
function Liability({ amount, currency }: { amount: string; currency: string }) {
  const pays = !amount.startsWith("-") && amount !== "0";
  return (
    <span className={`tabular-nums ${pays ? "font-semibold text-danger" : "text-success"}`}>
      {amount} {currency}
    </span>
  );
}

/** A market's outcomes: the result once settled, the odds, what each pays out and the book's liability. */
export function MarketSelections({ event, market }: { event: TradingEvent; market: TradingMarket }) {
  return (
    <table className="w-full table-fixed text-left text-sm">
      <thead className="text-xs text-muted uppercase">
        <tr>
          <th className="py-1 pr-2 font-semibold">Outcome</th>
          <th className="w-16 py-1 pr-2 text-right font-semibold">Odds</th>
          <th className="w-32 py-1 pr-2 text-right font-semibold max-sm:hidden">Payouts</th>
          <th className="w-32 py-1 text-right font-semibold">Liability</th>
        </tr>
      </thead>
      <tbody>
        {market.selections.map((s) => (
          <tr key={s.id} className="border-t border-line" data-testid="trading-selection">
            <td className="truncate py-1.5 pr-2">
              {s.name}
              {s.result && (
                <span className={`ml-1.5 text-xs font-bold ${RESULT_CLASS[s.result] ?? ""}`}>
                  {s.result.replace("_", " ")}
                </span>
              )}
            </td>
            <td className="py-1.5 pr-2 text-right tabular-nums">{s.odds}</td>
            <td className="py-1.5 pr-2 text-right tabular-nums text-muted max-sm:hidden">
              {s.payout} {event.baseCurrency}
            </td>
            <td className="py-1.5 text-right">
              <Liability amount={s.liability} currency={event.baseCurrency} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
