import { clsx } from "clsx";
import type { ReactNode } from "react";
import { Td, Th, Tr } from "~/components/ui/Table";
import { AdminTable } from "../kit/AdminList";
import { Panel } from "../kit/Panel";
import type { ReportRange } from "./figures";
import { ReportCsvButton } from "./ReportCsvButton";
import { type Reports, useReport } from "./useReport";

/** A column of a breakdown: `numeric` right-aligned, `wide` hidden on a phone. */
export type Column<T> = { label: string; cell: (row: T) => ReactNode; numeric?: boolean; wide?: boolean };

const cellClass = (c: { numeric?: boolean; wide?: boolean }) =>
  clsx(c.numeric && "text-right", c.wide && "max-md:hidden");

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
      <AdminTable
        query={q}
        items={q.data}
        itemKey={rowKey}
        emptyText={emptyText}
        testId={`table-${path}`}
        head={columns.map((c) => (
          <Th key={c.label} className={cellClass(c)}>
            {c.label}
          </Th>
        ))}
      >
        {(row) => (
          <Tr>
            {columns.map((c) => (
              <Td key={c.label} className={clsx(cellClass(c), c.numeric && "whitespace-nowrap tabular-nums")}>
                {c.cell(row)}
              </Td>
            ))}
          </Tr>
        )}
      </AdminTable>
    </Panel>
  );
}
