import type { SupportHours } from "./api/admin-support";

/**
 * The hours support answers, as the site's texts say them (decision 0054): "24/7" and its translations while
 * support answers round the clock, else the days and times in the operator's time zone, in the reader's
 * language: "Mon–Fri, 09:00–21:00 (Europe/Lisbon)".
 */
const ALWAYS: Record<string, string> = { en: "24/7", "pt-br": "24 horas por dia", ru: "круглосуточно" };

/** 2024-01-01 was a Monday: ISO weekday d is that day plus d - 1. */
const dayName = (d: number, locale: string) =>
  new Intl.DateTimeFormat(locale, { weekday: "short", timeZone: "UTC" }).format(
    new Date(Date.UTC(2024, 0, d)),
  );

/** Runs of consecutive days: [1,2,3,4,5,7] → [[1,5],[7,7]]. */
function runs(days: number[]): [number, number][] {
  const sorted = [...new Set(days)].sort((a, b) => a - b);
  const out: [number, number][] = [];
  for (const d of sorted) {
    const last = out.at(-1);
    if (last && d === last[1] + 1) last[1] = d;
    else out.push([d, d]);
  }
  return out;
}

export function formatSupportHours(hours: SupportHours, locale: string): string {
  if (hours.mode === "always") return ALWAYS[locale] ?? ALWAYS.en!;
  const lang = locale === "pt-br" ? "pt-BR" : locale;
  const days =
    hours.days.length === 7
      ? (({ en: "every day", "pt-br": "todos os dias", ru: "ежедневно" } as Record<string, string>)[locale] ??
        "every day")
      : runs(hours.days)
          .map(([a, b]) =>
            a === b ? dayName(a, lang) : `${dayName(a, lang)}${b === a + 1 ? ", " : "–"}${dayName(b, lang)}`,
          )
          .join(", ");
  return `${days}, ${hours.opens}–${hours.closes} (${hours.timeZone})`;
}

/** Whether support answers round the clock. */
export const roundTheClock = (hours: SupportHours | undefined) => !hours || hours.mode === "always";
