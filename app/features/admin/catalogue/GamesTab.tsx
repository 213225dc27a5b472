import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { adminApi } from "../api";
import { AdminList } from "../kit/AdminList";
import { AdminField, RecordFilter, submitWith } from "../kit/fields";
import { FilterButtons, useListParams } from "../kit/filters";
import { CatalogueGameRow } from "./CatalogueGameRow";
import { CATALOGUE_KEY, useCollections, useProviders } from "./queries";

const STATES = [
  ["all", "All"],
  ["shown", "Shown"],
  ["hidden", "Hidden"],
] as const;

/** The games, found by name, provider, collection and state (all kept in the address), 25 a page. */
export function GamesTab({
  editable,
  onCacheSeconds,
}: {
  editable: boolean;
  onCacheSeconds: (s: number) => void;
}) {
  const { get, set } = useListParams();
  const [text, setText] = useState(get("q"));
  const q = get("q");
  const provider = get("provider");
  const collection = get("collection");
  const state = STATES.find(([s]) => s === get("state"))?.[0] ?? "all";
  const page = Number(get("page") || 1) || 1;
  const providers = useProviders();
  const collections = useCollections();
  const list = useQuery({
    queryKey: [...CATALOGUE_KEY, "games", q, provider, collection, state, page],
    queryFn: () =>
      adminApi.get("/admin/catalogue/games", {
        q: q || undefined,
        provider: provider || undefined,
        collection: collection || undefined,
        state,
        page,
        perPage: 25,
      }),
  });
  useEffect(() => {
    if (list.data) onCacheSeconds(list.data.meta.cacheSeconds);
  }, [list.data, onCacheSeconds]);
  const filters = (
    <>
      <form
        className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-3 sm:grid-cols-[1fr_12rem_12rem]"
        onSubmit={submitWith(() => set({ q: text.trim() }))}
      >
        <AdminField label="Search by name" type="search" value={text} onChange={setText} />
        <RecordFilter
          label="Provider"
          allText="All providers"
          value={provider}
          onChange={(v) => set({ provider: v })}
          records={providers.data}
        />
        <RecordFilter
          label="Collection"
          allText="All collections"
          value={collection}
          onChange={(v) => set({ collection: v })}
          records={collections.data}
        />
      </form>
      <FilterButtons options={STATES} value={state} onChange={(s) => set({ state: s === "all" ? "" : s })} />
    </>
  );
  return (
    <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-4">
      <AdminList paged={list} emptyText="No game matches." filters={filters} testId="admin-games">
        {(g) => <CatalogueGameRow game={g} editable={editable} />}
      </AdminList>
    </div>
  );
}
