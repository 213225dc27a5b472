const DAY_MS = 86_400_000;
const isoDay = (t: number) => new Date(t).toISOString().slice(0, 10);

/** The report's range: the last 7 or 30 UTC days, this month so far, or days the staff member picks. */
export type Preset = "7" | "30" | "month" | "custom";
export type ReportRange = { from: string; to: string };

export function rangeOf(preset: Exclude<Preset, "custom">, now = Date.now()): ReportRange {
  const today = isoDay(now);
  if (preset === "month") return { from: `${today.slice(0, 8)}01`, to: today };
  return { from: isoDay(now - (Number(preset) - 1) * DAY_MS), to: today };
}

/** A decimal string grouped by thousands, at most two places shown; the string itself, never a float. */
export function money(v: string): string {
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(v);
  if (!m) return v;
  const [, sign, int, frac = ""] = m;
  const grouped = int!.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  const places = frac.length > 2 ? frac.slice(0, 2) : frac.padEnd(2, "0");
  return `${sign}${grouped}.${places}`;
}

/** A return to player in percent; "—" when nothing was staked. */
export const rtp = (v: string | null) => (v === null ? "—" : `${v}%`);
