import type { SegmentFilter } from "#common/api/admin-messages";
import type { LoyaltyLevel } from "#common/api/loyalty";
import type { Country } from "#common/api/settings";

export type Activity = "any" | "active" | "inactive";

/** The segment as staff type it, before it is checked against the site's countries and the day limits. */
export type SegmentDraft = {
  countryText: string;
  currencies: string[];
  levels: number[];
  activity: Activity;
  days: string;
};

export const EMPTY_SEGMENT: SegmentDraft = {
  countryText: "",
  currencies: [],
  levels: [],
  activity: "any",
  days: "30",
};

/** "DE, at" → ["DE", "AT"], and the codes the site does not know. */
export function parseCountries(text: string, known: Country[] | undefined) {
  const codes = [
    ...new Set(
      text
        .split(/[\s,;]+/)
        .map((c) => c.trim().toUpperCase())
        .filter(Boolean),
    ),
  ];
  const unknown = known ? codes.filter((c) => !known.some((k) => k.code === c)) : [];
  return { codes: codes.filter((c) => !unknown.includes(c)), unknown };
}

/** The filter a draft stands for: unknown countries left out, a day count outside 1–3650 ignored. */
export function segmentOf(draft: SegmentDraft, known: Country[] | undefined): SegmentFilter {
  const dayCount = Number(draft.days);
  const daysOk = Number.isInteger(dayCount) && dayCount >= 1 && dayCount <= 3650;
  return {
    countries: parseCountries(draft.countryText, known).codes,
    currencies: draft.currencies,
    levels: draft.levels,
    activeWithinDays: draft.activity === "active" && daysOk ? dayCount : null,
    inactiveForDays: draft.activity === "inactive" && daysOk ? dayCount : null,
  };
}

/** A segment in a line of words, as the list of campaigns shows it. */
export function segmentText(s: SegmentFilter, levels: LoyaltyLevel[] | undefined): string {
  const parts: string[] = [];
  if (s.countries.length) parts.push(s.countries.join(", "));
  if (s.currencies.length) parts.push(s.currencies.join(", "));
  if (s.levels.length)
    parts.push(
      s.levels
        .map((l) => (l === 0 ? "no level" : (levels?.find((x) => x.order === l)?.name ?? `level ${l}`)))
        .join(", "),
    );
  if (s.activeWithinDays !== null) parts.push(`active in ${s.activeWithinDays} d`);
  if (s.inactiveForDays !== null) parts.push(`inactive ${s.inactiveForDays}+ d`);
  return parts.length ? parts.join(" · ") : "Everyone who opted in";
}

export const players = (n: number) => `${n} player${n === 1 ? "" : "s"}`;
