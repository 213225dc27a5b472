import { useQuery } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import type {
  ReportCurrencyRow,
  ReportGameRow,
  ReportProviderRow,
  ReportSportRow,
  ReportSummary,
  ReportTable,
} from "#common/api/admin-reports";
import { adminApi, staffTokenNow } from "~/features/admin/api";
import { AdminField, errorText, FilterButtons, ListState, Panel } from "~/features/admin/ui";
import type { ApiAnswer } from "~/lib/api";

const DAY_MS = 86_400_000;
const isoDay = (t: number) => new Date(t).toISOString().slice(0, 10);

type Preset = "7" | "30" | "month" | "custom";
function rangeOf(preset: Exclude<Preset, "custom">, now = Date.now()) {
  const today = isoDay(now);
  if (preset === "month") return { from: `${today.slice(0, 8)}01`, to: today };
  return { from: isoDay(now - (Number(preset) - 1) * DAY_MS), to: today };
}

/** A decimal string grouped by thousands, at most two places shown; the string itself, never a float. */
function money(v: string): string {
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(v);
  if (!m) return v;
  const [, sign, int, frac = ""] = m;
  const grouped = int!.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  const places = frac.length > 2 ? frac.slice(0, 2) : frac.padEnd(2, "0");
  return `${sign}${grouped}.${places}`;
}

/** Downloads a table of the report as CSV: fetched with the staff token, saved from a Blob. */
async function downloadCsv(table: ReportTable, from: string, to: string) {
  const res = await fetch(`/api/admin/reports/export?table=${table}&from=${from}&to=${to}`, {
    headers: { authorization: `Bearer ${staffTokenNow() ?? ""}` },
  });
  if (!res.ok) throw new Error("The CSV could not be downloaded");
  const name = /filename="([^"]+)"/.exec(res.headers.get("content-disposition") ?? "")?.[1];
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement("a");
  a.href = url;
  a.download = name ?? `report-${table}.csv`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function CsvButton({ table, from, to }: { table: ReportTable; from: string; to: string }) {
  const [state, setState] = useState<"idle" | "busy" | "failed">("idle");
  return (
    <button
      type="button"
      data-testid={`csv-${table}`}
      disabled={state === "busy"}
      onClick={() => {
        setState("busy");
        downloadCsv(table, from, to).then(
          () => setState("idle"),
          () => setState("failed"),
        );
      }}
      className="rounded-xl border border-line px-3 py-1.5 text-xs font-semibold hover:bg-surface-2 disabled:opacity-60"
    >
      {state === "busy" ? "Preparing…" : state === "failed" ? "Retry CSV" : "Download CSV"}
    </button>
  );
}

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

/**
 * GGR per day as bars (above the axis a gain, below a loss) with NGR as a line: inline SVG, scaled to the
 * largest value, so it needs no chart library. Heights are only drawn, never summed.
 */
function DayChart({ days }: { days: ReportSummary["days"] }) {
  const width = 720;
  const height = 220;
  const pad = { top: 12, bottom: 24, left: 8, right: 8 };
  const values = days.flatMap((d) => [Number(d.ggr), Number(d.ngr)]);
  const max = Math.max(1, ...values.map(Math.abs));
  const hasNegative = values.some((v) => v < 0);
  const plotH = height - pad.top - pad.bottom;
  const zero = pad.top + (hasNegative ? plotH / 2 : plotH);
  const scale = (hasNegative ? plotH / 2 : plotH) / max;
  const step = (width - pad.left - pad.right) / Math.max(1, days.length);
  const barW = Math.max(1, step * 0.7);
  const x = (i: number) => pad.left + i * step + step / 2;
  const line = days
    .map((d, i) => `${i === 0 ? "M" : "L"}${x(i).toFixed(1)},${(zero - Number(d.ngr) * scale).toFixed(1)}`)
    .join(" ");
  const labelEvery = Math.max(1, Math.ceil(days.length / 8));
  return (
    <figure className="grid gap-2">
      <svg
        role="img"
        aria-label="GGR per day as bars, NGR as a line"
        data-testid="report-chart"
        viewBox={`0 0 ${width} ${height}`}
        className="h-56 w-full"
        preserveAspectRatio="none"
      >
        <line
          x1={pad.left}
          x2={width - pad.right}
          y1={zero}
          y2={zero}
          className="stroke-line"
          strokeWidth={1}
        />
        {days.map((d, i) => {
          const v = Number(d.ggr);
          const h = Math.abs(v) * scale;
          return (
            <rect
              key={d.day}
              x={x(i) - barW / 2}
              y={v >= 0 ? zero - h : zero}
              width={barW}
              height={Math.max(h, v === 0 ? 0 : 1)}
              rx={Math.min(3, barW / 3)}
              className={v >= 0 ? "fill-accent/70" : "fill-danger/70"}
            >
              <title>{`${d.day}: GGR ${money(d.ggr)}, NGR ${money(d.ngr)}`}</title>
            </rect>
          );
        })}
        {days.length > 1 && (
          <path
            d={line}
            fill="none"
            className="stroke-fg"
            strokeWidth={2}
            vectorEffect="non-scaling-stroke"
          />
        )}
      </svg>
      <div className="flex justify-between text-[11px] text-muted tabular-nums" aria-hidden="true">
        {days
          .filter((_, i) => i % labelEvery === 0)
          .map((d) => (
            <span key={d.day}>{d.day.slice(5)}</span>
          ))}
      </div>
      <figcaption className="flex gap-4 text-xs text-muted">
        <span className="flex items-center gap-1.5">
          <span className="inline-block size-2.5 rounded-sm bg-accent/70" /> GGR
        </span>
        <span className="flex items-center gap-1.5">
          <span className="inline-block h-0.5 w-4 bg-fg" /> NGR
        </span>
      </figcaption>
    </figure>
  );
}

type Column<T> = { label: string; cell: (row: T) => ReactNode; numeric?: boolean; wide?: boolean };

function Table<T>({
  rows,
  columns,
  rowKey,
  testId,
}: {
  rows: T[];
  columns: Column<T>[];
  rowKey: (row: T) => string;
  testId: string;
}) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm" data-testid={testId}>
        <thead className="text-xs text-muted uppercase">
          <tr>
            {columns.map((c) => (
              <th
                key={c.label}
                className={`px-3 py-2 whitespace-nowrap ${c.numeric ? "text-right" : ""} ${c.wide ? "max-md:hidden" : ""}`}
              >
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} className="border-t border-line">
              {columns.map((c) => (
                <td
                  key={c.label}
                  className={`px-3 py-2 ${c.numeric ? "text-right whitespace-nowrap tabular-nums" : ""} ${c.wide ? "max-md:hidden" : ""}`}
                >
                  {c.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The reports (GET /api/admin/reports/{path}) and their rows, as the route map types them. */
type Reports = {
  summary: ApiAnswer<"GET", "/admin/reports/summary">["data"];
  currencies: ApiAnswer<"GET", "/admin/reports/currencies">["data"];
  games: ApiAnswer<"GET", "/admin/reports/games">["data"];
  providers: ApiAnswer<"GET", "/admin/reports/providers">["data"];
  sports: ApiAnswer<"GET", "/admin/reports/sports">["data"];
};

function useReport<P extends keyof Reports>(path: P, from: string, to: string) {
  return useQuery({
    queryKey: ["admin", "reports", path, from, to],
    // Each path's answer is in the map; TypeScript does not narrow the union of paths back to the one `P` names.
    queryFn: async () =>
      (await adminApi.get(`/admin/reports/${path as keyof Reports}`, { from, to })).data as Reports[P],
  });
}

function Breakdown<P extends Exclude<keyof Reports, "summary">>({
  title,
  table,
  path,
  from,
  to,
  columns,
  rowKey,
  emptyText,
}: {
  title: string;
  table: ReportTable;
  path: P;
  from: string;
  to: string;
  columns: Column<Reports[P][number]>[];
  rowKey: (row: Reports[P][number]) => string;
  emptyText: string;
}) {
  const q = useReport(path, from, to);
  return (
    <Panel title={title} testId={`report-${table}`} actions={<CsvButton table={table} from={from} to={to} />}>
      <ListState loading={q.isPending} error={q.error} empty={q.data?.length === 0} emptyText={emptyText} />
      {q.data && q.data.length > 0 && (
        <Table rows={q.data} columns={columns} rowKey={rowKey} testId={`table-${table}`} />
      )}
    </Panel>
  );
}

const rtp = (v: string | null) => (v === null ? "—" : `${v}%`);

/**
 * `/admin/reports` (decision 0023): the ledger's figures over a range of UTC days, in the base currency at each
 * day's rate: KPI tiles, GGR and NGR per day, and the breakdowns by currency, game, provider and sport, each
 * downloadable as CSV.
 */
export default function AdminReports() {
  const [preset, setPreset] = useState<Preset>("30");
  const [range, setRange] = useState(() => rangeOf("30"));
  const { from, to } = range;
  const summary = useReport("summary", from, to);
  const s = summary.data;
  const base = s?.baseCurrency ?? "";
  const amount = (v: string) => `${money(v)} ${base}`;
  const choose = (p: Preset) => {
    setPreset(p);
    if (p !== "custom") setRange(rangeOf(p));
  };
  const moneyColumns = <T extends { stakes: string; wins: string; ggr: string }>(): Column<T>[] => [
    { label: "Stakes", cell: (r) => money(r.stakes), numeric: true },
    { label: "Wins", cell: (r) => money(r.wins), numeric: true },
    { label: "GGR", cell: (r) => money(r.ggr), numeric: true },
  ];
  return (
    <div className="grid max-w-6xl min-w-0 grid-cols-1 gap-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-extrabold">Reports</h1>
          <p className="text-sm text-muted">
            From the ledger, UTC days{base && `, in ${base} at each day's rate`}.
          </p>
        </div>
        <div className="max-w-full overflow-x-auto">
          <FilterButtons
            options={[
              ["7", "7 days"],
              ["30", "30 days"],
              ["month", "Month"],
              ["custom", "Custom"],
            ]}
            value={preset}
            onChange={choose}
          />
        </div>
      </div>
      {preset === "custom" && (
        <div className="grid max-w-md grid-cols-2 gap-3">
          <AdminField
            label="From"
            type="date"
            value={from}
            max={to}
            onChange={(v) => v && setRange({ from: v, to })}
          />
          <AdminField
            label="To"
            type="date"
            value={to}
            min={from}
            onChange={(v) => v && setRange({ from, to: v })}
          />
        </div>
      )}
      {summary.error ? (
        <p role="alert" className="rounded-2xl border border-danger/40 bg-danger/10 p-4 text-sm text-danger">
          {errorText(summary.error, "The report could not be loaded")}
        </p>
      ) : !s ? (
        <div aria-busy="true" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          {Array.from({ length: 8 }, (_, i) => (
            <div key={i} className="h-24 animate-pulse rounded-2xl bg-surface-2" />
          ))}
        </div>
      ) : (
        <>
          <div className="grid grid-cols-2 gap-3 lg:grid-cols-4" data-testid="report-tiles">
            <Tile
              testId="tile-ggr"
              label="GGR"
              value={amount(s.totals.ggr)}
              hint={`Stakes ${money(s.totals.stakes)} − wins ${money(s.totals.wins)}`}
            />
            <Tile testId="tile-ngr" label="NGR" value={amount(s.totals.ngr)} hint="GGR − bonus cost" />
            <Tile
              testId="tile-bonus"
              label="Bonus cost"
              value={amount(s.totals.bonusCost)}
              hint="Bonus money made real"
            />
            <Tile
              label="Active players"
              value={String(s.totals.activePlayers)}
              hint="With a real-money bet"
            />
            <Tile label="Deposits" value={amount(s.totals.deposits)} />
            <Tile label="Withdrawals" value={amount(s.totals.withdrawals)} />
            <Tile
              label="First deposits"
              value={String(s.totals.firstDeposits)}
              hint={amount(s.totals.firstDepositAmount)}
            />
            <Tile
              label="Adjustments · referrals"
              value={amount(s.totals.adjustments)}
              hint={`Referral rewards ${amount(s.totals.referralRewards)}`}
            />
          </div>
          <Panel
            title="GGR and NGR per day"
            actions={<CsvButton table="days" from={from} to={to} />}
            testId="report-days"
          >
            {s.days.every((d) => d.ggr === "0" && d.ngr === "0") ? (
              <p className="text-sm text-muted">No play in these days.</p>
            ) : (
              <DayChart days={s.days} />
            )}
          </Panel>
        </>
      )}
      <Breakdown
        title="By currency"
        table="currencies"
        path="currencies"
        from={from}
        to={to}
        rowKey={(r) => r.currency}
        emptyText="No money moved in these days."
        columns={[
          { label: "Currency", cell: (r) => <span className="font-semibold">{r.currency}</span> },
          ...moneyColumns<ReportCurrencyRow>().map((c) => ({ ...c, wide: c.label !== "GGR" })),
          { label: "Bonus cost", cell: (r) => money(r.bonusCost), numeric: true, wide: true },
          { label: "NGR", cell: (r) => money(r.ngr), numeric: true },
          { label: "Deposits", cell: (r) => money(r.deposits), numeric: true, wide: true },
          { label: "Withdrawals", cell: (r) => money(r.withdrawals), numeric: true, wide: true },
          { label: `NGR ${base}`, cell: (r) => money(r.ngrBase), numeric: true },
        ]}
      />
      <Breakdown
        title="By game"
        table="games"
        path="games"
        from={from}
        to={to}
        rowKey={(r) => String(r.gameId)}
        emptyText="No casino play in these days."
        columns={[
          {
            label: "Game",
            cell: (r) => (
              <>
                <span className="font-semibold">{r.game}</span>
                <span className="block text-xs text-muted">{r.provider}</span>
              </>
            ),
          },
          ...moneyColumns<ReportGameRow>().map((c) => ({ ...c, wide: c.label !== "GGR" })),
          { label: "Actual RTP", cell: (r) => rtp(r.actualRtp), numeric: true },
          { label: "Stated RTP", cell: (r) => rtp(r.statedRtp), numeric: true },
        ]}
      />
      <div className="grid min-w-0 grid-cols-1 gap-5 lg:grid-cols-2">
        <Breakdown
          title="By provider"
          table="providers"
          path="providers"
          from={from}
          to={to}
          rowKey={(r) => r.provider}
          emptyText="No casino play in these days."
          columns={[
            { label: "Provider", cell: (r) => <span className="font-semibold">{r.provider}</span> },
            ...moneyColumns<ReportProviderRow>().filter((c) => c.label !== "Wins"),
            { label: "RTP", cell: (r) => rtp(r.actualRtp), numeric: true },
          ]}
        />
        <Breakdown
          title="By sport"
          table="sports"
          path="sports"
          from={from}
          to={to}
          rowKey={(r) => String(r.sportId)}
          emptyText="No sports bets in these days."
          columns={[
            { label: "Sport", cell: (r) => <span className="font-semibold">{r.sport}</span> },
            { label: "Bets", cell: (r) => String(r.bets), numeric: true },
            ...moneyColumns<ReportSportRow>().filter((c) => c.label !== "Wins"),
          ]}
        />
      </div>
    </div>
  );
}
