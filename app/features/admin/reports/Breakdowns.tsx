import type {
  ReportCurrencyRow,
  ReportGameRow,
  ReportProviderRow,
  ReportSportRow,
} from "#common/api/admin-reports";
import { Breakdown, type Column } from "./Breakdown";
import { money, type ReportRange, rtp } from "./figures";

const moneyColumns = <T extends { stakes: string; wins: string; ggr: string }>(): Column<T>[] => [
  { label: "Stakes", cell: (r) => money(r.stakes), numeric: true },
  { label: "Wins", cell: (r) => money(r.wins), numeric: true },
  { label: "GGR", cell: (r) => money(r.ggr), numeric: true },
];
/** Stakes and wins hidden on a phone, GGR kept. */
const narrowMoneyColumns = <T extends { stakes: string; wins: string; ggr: string }>() =>
  moneyColumns<T>().map((c) => ({ ...c, wide: c.label !== "GGR" }));
const withoutWins = <T extends { stakes: string; wins: string; ggr: string }>() =>
  moneyColumns<T>().filter((c) => c.label !== "Wins");

const name = (text: string) => <span className="font-semibold">{text}</span>;

/** The report's breakdowns over the range: by currency, game, provider and sport. */
export function Breakdowns({ range, base }: { range: ReportRange; base: string }) {
  return (
    <>
      <Breakdown
        title="By currency"
        path="currencies"
        range={range}
        rowKey={(r) => r.currency}
        emptyText="No money moved in these days."
        columns={[
          { label: "Currency", cell: (r) => name(r.currency) },
          ...narrowMoneyColumns<ReportCurrencyRow>(),
          { label: "Bonus cost", cell: (r) => money(r.bonusCost), numeric: true, wide: true },
          { label: "NGR", cell: (r) => money(r.ngr), numeric: true },
          { label: "Deposits", cell: (r) => money(r.deposits), numeric: true, wide: true },
          { label: "Withdrawals", cell: (r) => money(r.withdrawals), numeric: true, wide: true },
          { label: `NGR ${base}`, cell: (r) => money(r.ngrBase), numeric: true },
        ]}
      />
      <Breakdown
        title="By game"
        path="games"
        range={range}
        rowKey={(r) => String(r.gameId)}
        emptyText="No casino play in these days."
        columns={[
          {
            label: "Game",
            cell: (r) => (
              <>
                {name(r.game)}
                <span className="block text-xs text-muted">{r.provider}</span>
              </>
            ),
          },
          ...narrowMoneyColumns<ReportGameRow>(),
          { label: "Actual RTP", cell: (r) => rtp(r.actualRtp), numeric: true },
          { label: "Stated RTP", cell: (r) => rtp(r.statedRtp), numeric: true },
        ]}
      />
      <div className="grid min-w-0 grid-cols-1 gap-5 lg:grid-cols-2">
        <Breakdown
          title="By provider"
          path="providers"
          range={range}
          rowKey={(r) => r.provider}
          emptyText="No casino play in these days."
          columns={[
            { label: "Provider", cell: (r) => name(r.provider) },
            ...withoutWins<ReportProviderRow>(),
            { label: "RTP", cell: (r) => rtp(r.actualRtp), numeric: true },
          ]}
        />
        <Breakdown
          title="By sport"
          path="sports"
          range={range}
          rowKey={(r) => String(r.sportId)}
          emptyText="No sports bets in these days."
          columns={[
            { label: "Sport", cell: (r) => name(r.sport) },
            { label: "Bets", cell: (r) => String(r.bets), numeric: true },
            ...withoutWins<ReportSportRow>(),
          ]}
        />
      </div>
    </>
  );
}
