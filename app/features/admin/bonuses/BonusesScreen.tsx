import { useState } from "react";
import type { BonusKind } from "#common/api/admin-bonuses";
import { Button } from "~/components/ui/Button";
import { useCan } from "../api";
import { AdminList } from "../kit/AdminList";
import { FilterButtons } from "../kit/filters";
import { Panel } from "../kit/Panel";
import { BonusEditor } from "./BonusEditor";
import { BonusRow } from "./BonusRow";
import { BLANK } from "./bonus-form";
import { KINDS } from "./bonus-kinds";
import { useBonusDefinitions } from "./queries";

/**
 * The bonuses (issue #21, decision 0026): every bonus definition — deposit bonuses and the welcome package's
 * steps, fixed bonuses, free-spin packages, cashback rules — with its terms, texts and switch.
 */
export function BonusesScreen() {
  const writes = useCan("promotions.write");
  const [kind, setKind] = useState<BonusKind | "all">("all");
  const [editing, setEditing] = useState<string | "new" | undefined>();
  const list = useBonusDefinitions();
  const rows = list.data?.data.filter((b) => kind === "all" || b.kind === kind);
  const edited = editing === "new" ? BLANK : list.data?.data.find((b) => b.id === editing);
  return (
    <div className="grid max-w-6xl grid-cols-1 gap-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-extrabold">Bonuses</h1>
        {writes && (
          <Button size="sm" onClick={() => setEditing("new")}>
            New bonus
          </Button>
        )}
      </div>
      {edited && list.data && (
        <BonusEditor
          key={editing}
          bonus={edited}
          meta={list.data.meta}
          creating={editing === "new"}
          onClose={() => setEditing(undefined)}
        />
      )}
      <Panel title="Bonus definitions">
        <AdminList
          query={list}
          items={rows}
          emptyText="No bonus here."
          testId="admin-bonuses"
          className="grid gap-2"
          filters={
            <div className="mb-4 overflow-x-auto">
              <FilterButtons options={KINDS} value={kind} onChange={setKind} />
            </div>
          }
        >
          {(b) => <BonusRow bonus={b} writes={writes} onOpen={() => setEditing(b.id)} />}
        </AdminList>
      </Panel>
    </div>
  );
}
