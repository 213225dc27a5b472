import { useState } from "react";
import type { ReportTable } from "#common/api/admin-reports";
import { Button } from "~/components/ui/Button";
import { downloadStaffFile } from "../download";
import type { ReportRange } from "./figures";

/** Downloads one table of the report over the range as CSV; says when it is preparing or failed. */
export function ReportCsvButton({ table, range }: { table: ReportTable; range: ReportRange }) {
  const [state, setState] = useState<"idle" | "busy" | "failed">("idle");
  const download = () => {
    setState("busy");
    downloadStaffFile(
      `/admin/reports/export?table=${table}&from=${range.from}&to=${range.to}`,
      `report-${table}.csv`,
      "The CSV could not be downloaded",
    ).then(
      () => setState("idle"),
      () => setState("failed"),
    );
  };
  return (
    <Button
      variant="secondary"
      size="xs"
      data-testid={`csv-${table}`}
      disabled={state === "busy"}
      onClick={download}
    >
      {state === "busy" ? "Preparing…" : state === "failed" ? "Retry CSV" : "Download CSV"}
    </Button>
  );
}
