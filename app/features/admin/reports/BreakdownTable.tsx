import type { ReactNode } from "react";

/** A column of a breakdown: `numeric` right-aligned, `wide` hidden on a phone. */
export type Column<T> = { label: string; cell: (row: T) => ReactNode; numeric?: boolean; wide?: boolean };

export function BreakdownTable<T>({
  rows,
  columns,
  rowKey,
  testId,
}: {
  rows: T[];
  columns: Column<T>[];
  rowKey: (row: T) => string;
  testId: string;
}) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm" data-testid={testId}>
        <thead className="text-xs text-muted uppercase">
          <tr>
            {columns.map((c) => (
              <th
                key={c.label}
                className={`px-3 py-2 whitespace-nowrap ${c.numeric ? "text-right" : ""} ${c.wide ? "max-md:hidden" : ""}`}
              >
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} className="border-t border-line">
              {columns.map((c) => (
                <td
                  key={c.label}
                  className={`px-3 py-2 ${c.numeric ? "text-right whitespace-nowrap tabular-nums" : ""} ${c.wide ? "max-md:hidden" : ""}`}
                >
                  {c.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
