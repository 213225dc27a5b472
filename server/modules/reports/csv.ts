import type { ReportQuery, ReportTable } from "#common/api/admin-reports";
import type { Db } from "../../db/client";
import { reportCurrencies, reportGames, reportProviders, reportSports, reportSummary } from "./service";

/**
 * A report's table as CSV (RFC 4180: comma-separated, CRLF line ends, a header row, a field quoted when it holds
 * a comma, a quote or a line end). Money is the decimal string the report answers, never a float. A field a
 * spreadsheet would read as a formula (=, +, -, @ first, not a number) is prefixed with a quote mark.
 */
type Cell = string | number | null;

function field(v: Cell): string {
  if (v === null) return "";
  let s = String(v);
  if (/^[=+\-@\t\r]/.test(s) && !/^-?\d+(\.\d+)?$/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

export function toCsv(header: string[], rows: Cell[][]): string {
  return `${[header, ...rows].map((r) => r.map(field).join(",")).join("\r\n")}\r\n`;
}

/** Rows as CSV with one column per named field, in the order named; the header is the field names. */
function columnsCsv<R>(rows: R[], cols: readonly (keyof R & string)[]): string {
  return toCsv(
    [...cols],
    rows.map((r) => cols.map((c) => r[c] as Cell)),
  );
}

/** The CSV of one table of the report and the file name it downloads as. */
export async function reportCsv(
  db: Db,
  table: ReportTable,
  q: ReportQuery,
): Promise<{ filename: string; csv: string }> {
  const filename = `report-${table}-${q.from}-${q.to}.csv`;
  switch (table) {
    case "days": {
      const s = await reportSummary(db, q);
      const cols = [
        "stakes",
        "wins",
        "ggr",
        "bonusCost",
        "ngr",
        "deposits",
        "withdrawals",
        "firstDeposits",
        "firstDepositAmount",
        "activePlayers",
        "adjustments",
        "referralRewards",
      ] as const;
      // Money columns name the base currency they were converted to; the two counts have none.
      const header = [
        "day",
        ...cols.map((c) => (c === "firstDeposits" || c === "activePlayers" ? c : `${c} (${s.baseCurrency})`)),
      ];
      return {
        filename,
        csv: toCsv(header, [
          ...s.days.map((d) => [d.day, ...cols.map((c) => d[c])]),
          ["total", ...cols.map((c) => s.totals[c])],
        ]),
      };
    }
    case "currencies":
      return {
        filename,
        csv: columnsCsv(await reportCurrencies(db, q), [
          "currency",
          "stakes",
          "wins",
          "ggr",
          "bonusCost",
          "ngr",
          "deposits",
          "withdrawals",
          "ggrBase",
          "ngrBase",
        ]),
      };
    case "games":
      return {
        filename,
        csv: columnsCsv(await reportGames(db, q), [
          "gameId",
          "game",
          "provider",
          "stakes",
          "wins",
          "ggr",
          "allStakes",
          "allWins",
          "actualRtp",
          "statedRtp",
        ]),
      };
    case "providers":
      return {
        filename,
        csv: columnsCsv(await reportProviders(db, q), [
          "provider",
          "stakes",
          "wins",
          "ggr",
          "allStakes",
          "allWins",
          "actualRtp",
        ]),
      };
    case "sports":
      return {
        filename,
        csv: columnsCsv(await reportSports(db, q), ["sportId", "sport", "bets", "stakes", "wins", "ggr"]),
      };
  }
}
