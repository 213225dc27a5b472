import { ListState, Panel } from "../ui";
import { BreakdownTable, type Column } from "./BreakdownTable";
import type { ReportRange } from "./figures";
import { ReportCsvButton } from "./ReportCsvButton";
import { type Reports, useReport } from "./useReport";

type BreakdownPath = Exclude<keyof Reports, "summary">;

/** One breakdown of the report (its path is also the name of its CSV table) in a panel with its download. */
export function Breakdown<P extends BreakdownPath>({
  title,
  path,
  range,
  columns,
  rowKey,
  emptyText,
}: {
  title: string;
  path: P;
  range: ReportRange;
  columns: Column<Reports[P][number]>[];
  rowKey: (row: Reports[P][number]) => string;
  emptyText: string;
}) {
  const q = useReport(path, range);
  return (
    <Panel title={title} testId={`report-${path}`} actions={<ReportCsvButton table={path} range={range} />}>
      <ListState loading={q.isPending} error={q.error} empty={q.data?.length === 0} emptyText={emptyText} />
      {q.data && q.data.length > 0 && (
        <BreakdownTable rows={q.data} columns={columns} rowKey={rowKey} testId={`table-${path}`} />
      )}
    </Panel>
  );
}
