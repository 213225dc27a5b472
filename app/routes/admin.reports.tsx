import { ReportsScreen } from "~/features/admin/reports/ReportsScreen";

/**
 * `/admin/reports` (decision 0023): the ledger's figures over a range of UTC days, in the base currency at each
 * day's rate: KPI tiles, GGR and NGR per day, and the breakdowns by currency, game, provider and sport, each
 * downloadable as CSV.
 */
export default function AdminReports() {
  return <ReportsScreen />;
}
