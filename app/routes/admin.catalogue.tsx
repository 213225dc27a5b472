import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useState } from "react";
import { useOutletContext, useSearchParams } from "react-router";
import type { StaffMe } from "#common/api/admin";
import type {
  AdminCollection,
  AdminCollectionGame,
  AdminGame,
  AdminProvider,
} from "#common/api/admin-catalogue";
import { Button } from "~/components/ui/Button";
import { Pager } from "~/components/ui/Pager";
import { adminApi, can } from "~/features/admin/api";
import { AdminField, errorText, FilterButtons, ListState, Panel, pageLabel } from "~/features/admin/ui";

type Tab = "games" | "collections" | "providers";
const KEY = ["admin", "catalogue"] as const;

/** "de, fr br" → ["DE", "FR", "BR"]; the server checks each code. */
const countriesOf = (text: string) =>
  text
    .split(/[\s,;]+/)
    .map((c) => c.trim().toUpperCase())
    .filter(Boolean);
const countriesText = (list: string[] | null) => (list ?? []).join(", ");

const selectClass =
  "h-11 w-full min-w-0 rounded-xl border border-line bg-bg/60 px-3 text-sm text-fg outline-none focus:border-accent focus:ring-2 focus:ring-accent/25";

function Badge({ tone, children }: { tone: "danger" | "accent" | "muted"; children: string }) {
  const cls = {
    danger: "bg-danger/15 text-danger",
    accent: "bg-accent/15 text-accent",
    muted: "bg-surface-2 text-muted",
  }[tone];
  return <span className={`inline-flex rounded-full px-2 py-0.5 text-xs font-bold ${cls}`}>{children}</span>;
}

function Check({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (v: boolean) => void;
}) {
  return (
    <label className="flex items-center gap-2 text-sm font-semibold">
      <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      {label}
    </label>
  );
}

function useCollections() {
  return useQuery({
    queryKey: [...KEY, "collections"],
    queryFn: async () => (await adminApi.get("/admin/catalogue/collections")).data,
  });
}
function useProviders() {
  return useQuery({
    queryKey: [...KEY, "providers"],
    queryFn: async () => (await adminApi.get("/admin/catalogue/providers")).data,
  });
}

function GameEditor({ game, onDone }: { game: AdminGame; onDone: () => void }) {
  const client = useQueryClient();
  const collections = useCollections();
  const [form, setForm] = useState({
    isEnabled: game.isEnabled,
    popularity: String(game.popularity),
    countries: countriesText(game.countries),
    restricted: countriesText(game.restrictedCountries),
    collections: game.collections.map((c) => c.id),
  });
  const save = useMutation({
    mutationFn: () =>
      adminApi.patch(`/admin/catalogue/games/${game.id}`, {
        isEnabled: form.isEnabled,
        popularity: Number(form.popularity),
        countries: countriesOf(form.countries).length ? countriesOf(form.countries) : null,
        restrictedCountries: countriesOf(form.restricted),
        collections: form.collections,
      }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: KEY });
      onDone();
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate();
  };
  return (
    <form
      onSubmit={submit}
      className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-3 border-t border-line pt-3"
      aria-label={`Edit ${game.name}`}
    >
      <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-3 sm:grid-cols-3">
        <div className="grid content-end pb-2">
          <Check
            label="Shown in the lobby"
            checked={form.isEnabled}
            onChange={(isEnabled) => setForm({ ...form, isEnabled })}
          />
        </div>
        <AdminField
          label="Popularity (higher first)"
          type="number"
          min={0}
          value={form.popularity}
          onChange={(popularity) => setForm({ ...form, popularity })}
        />
        <span />
        <AdminField
          label="Only in countries (empty: all)"
          placeholder="e.g. BR, PT"
          value={form.countries}
          onChange={(countries) => setForm({ ...form, countries })}
        />
        <AdminField
          label="Never in countries"
          placeholder="e.g. DE"
          value={form.restricted}
          onChange={(restricted) => setForm({ ...form, restricted })}
        />
      </div>
      <fieldset className="flex flex-wrap gap-2">
        <legend className="mb-1.5 text-sm font-semibold">Collections</legend>
        {collections.data?.map((c) => (
          <label
            key={c.id}
            className="flex items-center gap-1.5 rounded-lg border border-line px-2.5 py-1.5 text-sm"
          >
            <input
              type="checkbox"
              checked={form.collections.includes(c.id)}
              onChange={(e) =>
                setForm({
                  ...form,
                  collections: e.target.checked
                    ? [...form.collections, c.id]
                    : form.collections.filter((x) => x !== c.id),
                })
              }
            />
            {c.name}
          </label>
        ))}
      </fieldset>
      {save.error && (
        <p role="alert" className="text-sm text-danger">
          {errorText(save.error)}
        </p>
      )}
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={save.isPending}>
          Save
        </Button>
        <Button size="sm" variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function GameRow({ game, editable }: { game: AdminGame; editable: boolean }) {
  const client = useQueryClient();
  const [editing, setEditing] = useState(false);
  const toggle = useMutation({
    mutationFn: () => adminApi.patch(`/admin/catalogue/games/${game.id}`, { isEnabled: !game.isEnabled }),
    onSuccess: () => void client.invalidateQueries({ queryKey: KEY }),
  });
  return (
    <li
      className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-3 rounded-2xl border border-line bg-surface p-3"
      data-testid="admin-game"
    >
      <div className="flex items-start gap-3">
        <img
          src={game.thumbnail}
          alt=""
          className="h-12 w-16 shrink-0 rounded-lg bg-surface-2 object-cover"
        />
        <div className="min-w-0 flex-1">
          <p className="truncate font-semibold">{game.name}</p>
          <p className="truncate text-xs text-muted">
            {game.provider.name} · popularity {game.popularity}
            {game.collections.length > 0 && ` · ${game.collections.map((c) => c.name).join(", ")}`}
          </p>
          <div className="mt-1 flex flex-wrap gap-1">
            {!game.isEnabled && <Badge tone="danger">hidden</Badge>}
            {!game.provider.isEnabled && <Badge tone="danger">provider hidden</Badge>}
            {game.countries && <Badge tone="accent">{`only ${game.countries.join(", ")}`}</Badge>}
            {game.restrictedCountries.length > 0 && (
              <Badge tone="muted">{`not in ${game.restrictedCountries.join(", ")}`}</Badge>
            )}
          </div>
        </div>
        {editable && (
          <div className="flex shrink-0 flex-wrap justify-end gap-1.5">
            <Button size="sm" variant="secondary" disabled={toggle.isPending} onClick={() => toggle.mutate()}>
              {game.isEnabled ? "Hide" : "Show"}
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setEditing(!editing)} aria-expanded={editing}>
              Edit
            </Button>
          </div>
        )}
      </div>
      {toggle.error && <p className="text-xs text-danger">{errorText(toggle.error)}</p>}
      {editing && <GameEditor game={game} onDone={() => setEditing(false)} />}
    </li>
  );
}

function GamesTab({ editable, onCacheSeconds }: { editable: boolean; onCacheSeconds: (s: number) => void }) {
  const [params, setParams] = useSearchParams();
  const [text, setText] = useState(params.get("q") ?? "");
  const q = params.get("q") ?? "";
  const provider = params.get("provider") ?? "";
  const collection = params.get("collection") ?? "";
  const state = (["all", "shown", "hidden"] as const).find((s) => s === params.get("state")) ?? "all";
  const page = Number(params.get("page") ?? 1) || 1;
  const providers = useProviders();
  const collections = useCollections();
  const set = (patch: Record<string, string>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(patch))
      if (v) next.set(k, v);
      else next.delete(k);
    if (!("page" in patch)) next.delete("page");
    setParams(next, { replace: true });
  };
  const list = useQuery({
    queryKey: [...KEY, "games", q, provider, collection, state, page],
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
  return (
    <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-4">
      <form
        className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-3 sm:grid-cols-[1fr_12rem_12rem]"
        onSubmit={(e) => {
          e.preventDefault();
          set({ q: text.trim() });
        }}
      >
        <AdminField label="Search by name" type="search" value={text} onChange={setText} />
        <label className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-1.5 text-sm font-semibold">
          Provider
          <select
            className={selectClass}
            value={provider}
            onChange={(e) => set({ provider: e.target.value })}
          >
            <option value="">All providers</option>
            {providers.data?.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        </label>
        <label className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-1.5 text-sm font-semibold">
          Collection
          <select
            className={selectClass}
            value={collection}
            onChange={(e) => set({ collection: e.target.value })}
          >
            <option value="">All collections</option>
            {collections.data?.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </label>
      </form>
      <FilterButtons
        options={
          [
            ["all", "All"],
            ["shown", "Shown"],
            ["hidden", "Hidden"],
          ] as const
        }
        value={state}
        onChange={(s) => set({ state: s === "all" ? "" : s })}
      />
      <ListState
        loading={list.isPending}
        error={list.error}
        empty={list.data?.data.length === 0}
        emptyText="No game matches."
      />
      <ul className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-2" data-testid="admin-games">
        {list.data?.data.map((g) => (
          <GameRow key={g.id} game={g} editable={editable} />
        ))}
      </ul>
      <Pager meta={list.data?.meta} label={pageLabel} />
    </div>
  );
}

function CollectionGames({ collection, editable }: { collection: AdminCollection; editable: boolean }) {
  const client = useQueryClient();
  const list = useQuery({
    queryKey: [...KEY, "collection-games", collection.id],
    queryFn: async () => (await adminApi.get(`/admin/catalogue/collections/${collection.id}/games`)).data,
  });
  const [order, setOrder] = useState<AdminCollectionGame[] | undefined>();
  const shown = order ?? list.data ?? [];
  const save = useMutation({
    mutationFn: () =>
      adminApi.put(`/admin/catalogue/collections/${collection.id}/games`, {
        gameIds: shown.map((g) => g.id),
      }),
    onSuccess: () => {
      setOrder(undefined);
      void client.invalidateQueries({ queryKey: KEY });
    },
  });
  const move = (i: number, by: number) => {
    const next = [...shown];
    const [g] = next.splice(i, 1);
    next.splice(i + by, 0, g!);
    setOrder(next);
  };
  return (
    <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-2 border-t border-line pt-3">
      <ListState
        loading={list.isPending}
        error={list.error}
        empty={shown.length === 0}
        emptyText="No games yet: add them from a game's editor (Games tab)."
      />
      <ol className="grid min-w-0 grid-cols-[minmax(0,1fr)] max-h-96 gap-1 overflow-y-auto">
        {shown.map((g, i) => (
          <li key={g.id} className="flex items-center gap-2 rounded-xl bg-bg/40 px-2 py-1.5 text-sm">
            <span className="w-7 shrink-0 text-right text-xs text-muted">{i + 1}</span>
            <span className="min-w-0 flex-1 truncate">
              {g.name} <span className="text-xs text-muted">· {g.providerName}</span>
              {!g.isEnabled && (
                <>
                  {" "}
                  <Badge tone="danger">hidden</Badge>
                </>
              )}
            </span>
            {editable && (
              <span className="flex shrink-0 gap-1">
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={`Move ${g.name} up`}
                  disabled={i === 0}
                  onClick={() => move(i, -1)}
                >
                  ↑
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={`Move ${g.name} down`}
                  disabled={i === shown.length - 1}
                  onClick={() => move(i, 1)}
                >
                  ↓
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={`Remove ${g.name}`}
                  onClick={() => setOrder(shown.filter((x) => x.id !== g.id))}
                >
                  ✕
                </Button>
              </span>
            )}
          </li>
        ))}
      </ol>
      {save.error && <p className="text-xs text-danger">{errorText(save.error)}</p>}
      {order && (
        <div className="flex gap-2">
          <Button size="sm" disabled={save.isPending} onClick={() => save.mutate()}>
            Save order
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setOrder(undefined)}>
            Undo
          </Button>
        </div>
      )}
    </div>
  );
}

function CollectionRow({ collection, editable }: { collection: AdminCollection; editable: boolean }) {
  const client = useQueryClient();
  const [open, setOpen] = useState<"edit" | "games" | undefined>();
  const [form, setForm] = useState({
    name: collection.name,
    countries: countriesText(collection.countries),
    sortOrder: String(collection.sortOrder),
  });
  const change = useMutation({
    mutationFn: (body: Record<string, unknown>) =>
      adminApi.patch(`/admin/catalogue/collections/${collection.id}`, body),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: KEY });
      setOpen((o) => (o === "edit" ? undefined : o));
    },
  });
  return (
    <li
      className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-3 rounded-2xl border border-line bg-surface p-3"
      data-testid="admin-collection"
    >
      <div className="flex flex-wrap items-start gap-3">
        <div className="min-w-0 flex-1">
          <p className="font-semibold">
            {collection.name} <span className="text-xs font-normal text-muted">/{collection.identity}</span>
          </p>
          <p className="text-xs text-muted">
            {collection.gamesCount} games · order {collection.sortOrder}
          </p>
          <div className="mt-1 flex flex-wrap gap-1">
            {collection.isHidden && <Badge tone="danger">hidden</Badge>}
            <Badge tone={collection.countries ? "accent" : "muted"}>
              {collection.countries ? `only ${collection.countries.join(", ")}` : "all countries"}
            </Badge>
          </div>
        </div>
        <div className="flex flex-wrap gap-1.5">
          {editable && (
            <Button
              size="sm"
              variant="secondary"
              disabled={change.isPending}
              onClick={() => change.mutate({ isHidden: !collection.isHidden })}
            >
              {collection.isHidden ? "Show" : "Hide"}
            </Button>
          )}
          {editable && (
            <Button size="sm" variant="ghost" onClick={() => setOpen(open === "edit" ? undefined : "edit")}>
              Edit
            </Button>
          )}
          <Button size="sm" variant="ghost" onClick={() => setOpen(open === "games" ? undefined : "games")}>
            Games
          </Button>
        </div>
      </div>
      {change.error && <p className="text-xs text-danger">{errorText(change.error)}</p>}
      {open === "edit" && (
        <form
          className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-3 border-t border-line pt-3 sm:grid-cols-[1fr_1fr_8rem_auto] sm:items-end"
          onSubmit={(e) => {
            e.preventDefault();
            change.mutate({
              name: form.name,
              countries: countriesOf(form.countries).length ? countriesOf(form.countries) : null,
              sortOrder: Number(form.sortOrder),
            });
          }}
        >
          <AdminField
            label="Name"
            value={form.name}
            onChange={(name) => setForm({ ...form, name })}
            required
          />
          <AdminField
            label="Only in countries (empty: all)"
            value={form.countries}
            onChange={(countries) => setForm({ ...form, countries })}
          />
          <AdminField
            label="Order"
            type="number"
            value={form.sortOrder}
            onChange={(sortOrder) => setForm({ ...form, sortOrder })}
          />
          <Button type="submit" size="sm" disabled={change.isPending}>
            Save
          </Button>
        </form>
      )}
      {open === "games" && <CollectionGames collection={collection} editable={editable} />}
    </li>
  );
}

function NewCollection() {
  const client = useQueryClient();
  const [form, setForm] = useState({ identity: "", name: "", countries: "" });
  const create = useMutation({
    mutationFn: () =>
      adminApi.post("/admin/catalogue/collections", {
        identity: form.identity.trim(),
        name: form.name,
        isHidden: true,
        countries: countriesOf(form.countries).length ? countriesOf(form.countries) : null,
      }),
    onSuccess: () => {
      setForm({ identity: "", name: "", countries: "" });
      void client.invalidateQueries({ queryKey: KEY });
    },
  });
  return (
    <form
      className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-3 sm:grid-cols-[1fr_1fr_1fr_auto] sm:items-end"
      onSubmit={(e) => {
        e.preventDefault();
        create.mutate();
      }}
    >
      <AdminField label="Name" value={form.name} onChange={(name) => setForm({ ...form, name })} required />
      <AdminField
        label="Address (/games/…)"
        placeholder="weekend-picks"
        value={form.identity}
        onChange={(identity) => setForm({ ...form, identity })}
        required
      />
      <AdminField
        label="Only in countries (empty: all)"
        value={form.countries}
        onChange={(countries) => setForm({ ...form, countries })}
      />
      <Button type="submit" disabled={create.isPending}>
        Create (hidden)
      </Button>
      {create.error && (
        <p role="alert" className="text-sm text-danger sm:col-span-4">
          {errorText(create.error)}
        </p>
      )}
    </form>
  );
}

function CollectionsTab({ editable }: { editable: boolean }) {
  const list = useCollections();
  return (
    <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-4">
      {editable && (
        <Panel title="New collection">
          <NewCollection />
        </Panel>
      )}
      <ListState
        loading={list.isPending}
        error={list.error}
        empty={list.data?.length === 0}
        emptyText="No collections yet."
      />
      <ul className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-2">
        {list.data?.map((c) => (
          <CollectionRow key={c.id} collection={c} editable={editable} />
        ))}
      </ul>
    </div>
  );
}

function ProviderRow({ provider, editable }: { provider: AdminProvider; editable: boolean }) {
  const client = useQueryClient();
  const [order, setOrder] = useState(String(provider.sortOrder));
  const change = useMutation({
    mutationFn: (body: Record<string, unknown>) =>
      adminApi.patch(`/admin/catalogue/providers/${provider.id}`, body),
    onSuccess: () => void client.invalidateQueries({ queryKey: KEY }),
  });
  return (
    <li
      className="flex flex-wrap items-center gap-3 rounded-2xl border border-line bg-surface p-3"
      data-testid="admin-provider"
    >
      <img src={provider.logo} alt="" className="h-10 w-10 shrink-0 rounded-lg bg-surface-2 object-contain" />
      <div className="min-w-0 flex-1">
        <p className="truncate font-semibold">{provider.name}</p>
        <p className="text-xs text-muted">
          {provider.gamesCount} games{provider.isDemoContent ? " · demo content" : ""}
        </p>
      </div>
      {!provider.isEnabled && <Badge tone="danger">hidden</Badge>}
      {editable && (
        <form
          className="flex items-end gap-1.5"
          onSubmit={(e) => {
            e.preventDefault();
            change.mutate({ sortOrder: Number(order) });
          }}
        >
          <input
            aria-label={`Order of ${provider.name}`}
            type="number"
            value={order}
            onChange={(e) => setOrder(e.target.value)}
            className="h-9 w-20 rounded-lg border border-line bg-bg/60 px-2 text-sm"
          />
          <Button type="submit" size="sm" variant="ghost" disabled={change.isPending}>
            Set order
          </Button>
          <Button
            size="sm"
            variant="secondary"
            disabled={change.isPending}
            onClick={() => change.mutate({ isEnabled: !provider.isEnabled })}
          >
            {provider.isEnabled ? "Hide" : "Show"}
          </Button>
        </form>
      )}
      {change.error && <p className="w-full text-xs text-danger">{errorText(change.error)}</p>}
    </li>
  );
}

function ProvidersTab({ editable }: { editable: boolean }) {
  const list = useProviders();
  return (
    <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-3">
      <p className="text-sm text-muted">Hiding a provider hides all its games from the lobby.</p>
      <ListState
        loading={list.isPending}
        error={list.error}
        empty={list.data?.length === 0}
        emptyText="No providers."
      />
      <ul className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-2">
        {list.data?.map((p) => (
          <ProviderRow key={p.id} provider={p} editable={editable} />
        ))}
      </ul>
    </div>
  );
}

/**
 * `/admin/catalogue` (decision 0025): the lobby's games, collections and providers as staff edit them. Each
 * change reaches the player's site on its next request; a server that missed the announcement catches up
 * within the lobby's cache time, which the screen states.
 */
export default function AdminCatalogue() {
  const me = useOutletContext<StaffMe>();
  const editable = can(me, "catalogue.write");
  const [params, setParams] = useSearchParams();
  const tab =
    (["games", "collections", "providers"] as const).find((t) => t === params.get("tab")) ?? "games";
  const [cacheSeconds, setCacheSeconds] = useState<number | undefined>();
  return (
    <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] max-w-5xl gap-5">
      <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-1">
        <h1 className="text-2xl font-extrabold">Catalogue</h1>
        <p className="text-sm text-muted" data-testid="admin-catalogue-cache">
          Changes show on the site at once
          {cacheSeconds !== undefined && `, everywhere within ${cacheSeconds} seconds`}.
          {!editable && " You may look; changing needs the content role."}
        </p>
      </div>
      <FilterButtons<Tab>
        options={[
          ["games", "Games"],
          ["collections", "Collections"],
          ["providers", "Providers"],
        ]}
        value={tab}
        onChange={(t) => setParams({ tab: t })}
      />
      {tab === "games" && <GamesTab editable={editable} onCacheSeconds={setCacheSeconds} />}
      {tab === "collections" && <CollectionsTab editable={editable} />}
      {tab === "providers" && <ProvidersTab editable={editable} />}
    </div>
  );
}
