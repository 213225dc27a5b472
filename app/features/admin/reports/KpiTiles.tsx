import type { ReportSummary } from "#common/api/admin-reports";
import { money } from "./figures";

function Tile({
  label,
  value,
  hint,
  testId,
}: {
  label: string;
  value: string;
  hint?: string;
  testId?: string;
}) {
  return (
    <div data-testid={testId} className="min-w-0 rounded-2xl border border-line bg-surface p-4">
      <p className="text-xs font-semibold tracking-wide text-muted uppercase">{label}</p>
      <p className="mt-1 truncate text-xl font-extrabold tabular-nums sm:text-2xl">{value}</p>
      {hint && <p className="mt-0.5 truncate text-xs text-muted">{hint}</p>}
    </div>
  );
}

/** The range's key figures, amounts in the base currency. */
export function KpiTiles({ totals: t, base }: { totals: ReportSummary["totals"]; base: string }) {
  const amount = (v: string) => `${money(v)} ${base}`;
  return (
    <div className="grid grid-cols-2 gap-3 lg:grid-cols-4" data-testid="report-tiles">
      <Tile
        testId="tile-ggr"
        label="GGR"
        value={amount(t.ggr)}
        hint={`Stakes ${money(t.stakes)} − wins ${money(t.wins)}`}
      />
      <Tile testId="tile-ngr" label="NGR" value={amount(t.ngr)} hint="GGR − bonus cost" />
      <Tile testId="tile-bonus" label="Bonus cost" value={amount(t.bonusCost)} hint="Bonus money made real" />
      <Tile label="Active players" value={String(t.activePlayers)} hint="With a real-money bet" />
      <Tile label="Deposits" value={amount(t.deposits)} />
      <Tile label="Withdrawals" value={amount(t.withdrawals)} />
      <Tile label="First deposits" value={String(t.firstDeposits)} hint={amount(t.firstDepositAmount)} />
      <Tile
        label="Adjustments · referrals"
        value={amount(t.adjustments)}
        hint={`Referral rewards ${amount(t.referralRewards)}`}
      />
    </div>
  );
}
