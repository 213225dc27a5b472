import type { UseQueryResult } from "@tanstack/react-query";
import type { ReportSummary } from "#common/api/admin-reports";
import { errorText } from "../kit/errors";
import { Panel } from "../kit/Panel";
import { DayChart } from "./DayChart";
import type { ReportRange } from "./figures";
import { KpiTiles } from "./KpiTiles";
import { ReportCsvButton } from "./ReportCsvButton";

/** The summary of the range: its key figures and GGR and NGR per day; pulsing tiles while it loads. */
export function ReportSummaryView({
  summary,
  range,
}: {
  summary: UseQueryResult<ReportSummary>;
  range: ReportRange;
}) {
  const s = summary.data;
  if (summary.error)
    return (
      <p role="alert" className="rounded-2xl border border-danger/40 bg-danger/10 p-4 text-sm text-danger">
        {errorText(summary.error, "The report could not be loaded")}
      </p>
    );
  if (!s)
    return (
      <div aria-busy="true" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {Array.from({ length: 8 }, (_, i) => (
          <div key={i} className="h-24 animate-pulse rounded-2xl bg-surface-2" />
        ))}
      </div>
    );
  return (
    <>
      <KpiTiles totals={s.totals} base={s.baseCurrency} />
      <Panel
        title="GGR and NGR per day"
        actions={<ReportCsvButton table="days" range={range} />}
        testId="report-days"
      >
        {s.days.every((d) => d.ggr === "0" && d.ngr === "0") ? (
          <p className="text-sm text-muted">No play in these days.</p>
        ) : (
          <DayChart days={s.days} />
        )}
      </Panel>
    </>
  );
}
