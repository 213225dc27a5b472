import type { ReportSummary } from "#common/api/admin-reports";
import { money } from "./figures";

/**
 * GGR per day as bars (above the axis a gain, below a loss) with NGR as a line: inline SVG, scaled to the
 * largest value, so it needs no chart library. Heights are only drawn, never summed.
 */
export function DayChart({ days }: { days: ReportSummary["days"] }) {
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
