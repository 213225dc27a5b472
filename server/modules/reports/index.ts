// The reports' face (issue 37, decision 0023): read-only tables over the wallet's and the sportsbook's query
// functions; the back office serves them (admin/routes-reports.ts).
export { reportCsv } from "./csv";
export { reportCurrencies, reportGames, reportProviders, reportSports, reportSummary } from "./service";
