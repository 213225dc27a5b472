import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { Button } from "~/components/ui/Button";
import { Pager } from "~/components/ui/Pager";
import { adminApi } from "../api";
import { AdminTable } from "../kit/AdminList";
import { AdminField } from "../kit/fields";
import { FilterButtons, usePageParam } from "../kit/filters";
import { pageLabel } from "../kit/format";
import { Panel } from "../kit/Panel";
import { BonusCodeRow, bonusCodeHead } from "./BonusCodeRow";
import { CODES_KEY, downloadBatch } from "./codes";

const STATUS = [
  ["all", "All"],
  ["enabled", "On"],
  ["disabled", "Off"],
] as const;

/** The bonus codes, found by code or batch (`?q=`), on or off (`?status=`), a page at a time. */
export function BonusCodesPanel({ writes }: { writes: boolean }) {
  const [params, setParams] = useSearchParams();
  const q = params.get("q") ?? "";
  const [typed, setTyped] = useState(q);
  const status = (params.get("status") ?? "all") as (typeof STATUS)[number][0];
  const page = usePageParam();
  const list = useQuery({
    queryKey: [...CODES_KEY, q, status, page],
    queryFn: () =>
      adminApi.get("/admin/promotions/codes", {
        ...(q ? { q } : {}),
        ...(status !== "all" ? { status } : {}),
        page,
        perPage: 50,
      }),
  });
  const set = (next: Record<string, string>) => setParams({ ...(q ? { q } : {}), status, ...next });
  return (
    <Panel title="Bonus codes">
      <div className="mb-4 grid gap-3 sm:flex sm:items-end sm:justify-between">
        <form
          className="flex items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            setParams({ ...(typed.trim() ? { q: typed.trim() } : {}), status });
          }}
        >
          <div className="min-w-0 flex-1 sm:w-72">
            <AdminField label="Code or batch" value={typed} onChange={setTyped} placeholder="SPRING" />
          </div>
          <Button type="submit" variant="secondary">
            Search
          </Button>
        </form>
        <FilterButtons options={STATUS} value={status} onChange={(s) => set({ status: s })} />
      </div>
      <AdminTable
        query={list}
        items={list.data?.data}
        emptyText="No bonus code here."
        testId="admin-codes"
        head={bonusCodeHead(writes)}
      >
        {(c) => (
          <BonusCodeRow
            code={c}
            writes={writes}
            onBatch={(batch) => {
              setTyped(batch);
              setParams({ q: batch, status });
            }}
          />
        )}
      </AdminTable>
      {q && list.data?.data[0]?.batch === q && (
        <div className="mt-3">
          <Button size="sm" variant="secondary" onClick={() => void downloadBatch(q)}>
            Download this batch as CSV
          </Button>
        </div>
      )}
      <div className="mt-3">
        <Pager meta={list.data?.meta} label={pageLabel} />
      </div>
    </Panel>
  );
}
