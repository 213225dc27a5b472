import { useState } from "react";
import { Breakdowns } from "./Breakdowns";
import { type Preset, rangeOf } from "./figures";
import { CustomRange, PresetButtons } from "./ReportRangePicker";
import { ReportSummaryView } from "./ReportSummaryView";
import { useReport } from "./useReport";

/**
 * The ledger's figures over a range of UTC days, in the base currency at each day's rate: KPI tiles, GGR and
 * NGR per day, and the breakdowns by currency, game, provider and sport, each downloadable as CSV.
 */
export function ReportsScreen() {
  const [preset, setPreset] = useState<Preset>("30");
  const [range, setRange] = useState(() => rangeOf("30"));
  const summary = useReport("summary", range);
  const base = summary.data?.baseCurrency ?? "";
  return (
    <div className="grid max-w-6xl min-w-0 grid-cols-1 gap-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-extrabold">Reports</h1>
          <p className="text-sm text-muted">
            From the ledger, UTC days{base && `, in ${base} at each day's rate`}.
          </p>
        </div>
        <PresetButtons
          preset={preset}
          onChange={(p, r) => {
            setPreset(p);
            if (r) setRange(r);
          }}
        />
      </div>
      {preset === "custom" && <CustomRange range={range} onChange={setRange} />}
      <ReportSummaryView summary={summary} range={range} />
      <Breakdowns range={range} base={base} />
    </div>
  );
}
