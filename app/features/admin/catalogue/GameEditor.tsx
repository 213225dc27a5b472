import { useState } from "react";
import type { AdminGame } from "#common/api/admin-catalogue";
import { adminApi } from "../api";
import { useSaveAndRefresh } from "../kit/EditableRow";
import { ErrorAlert } from "../kit/errors";
import { AdminCheck, AdminField, bindFields, CheckChips, SaveOrCancel, submitWith } from "../kit/fields";
import { countriesOf, countriesText } from "../kit/format";
import { CATALOGUE_KEY, useCollections } from "./queries";

/**
 * A game's lobby settings: shown, popularity, where it may be played, the collections it is in, and its bonus
 * wagering (whether its rounds count, and the least multiplier a winning round needs; decision 0065).
 */
export function GameEditor({ game, onDone }: { game: AdminGame; onDone: () => void }) {
  const collections = useCollections();
  const [form, setForm] = useState({
    isEnabled: game.isEnabled,
    popularity: String(game.popularity),
    countries: countriesText(game.countries),
    restricted: countriesText(game.restrictedCountries),
    collections: game.collections.map((c) => c.id),
    bonusWagering: game.bonusWagering,
    bonusWageringMinMultiplier: game.bonusWageringMinMultiplier,
  });
  const bind = bindFields(form, setForm);
  const save = useSaveAndRefresh(
    () =>
      adminApi.patch(`/admin/catalogue/games/${game.id}`, {
        isEnabled: form.isEnabled,
        popularity: Number(form.popularity),
        countries: countriesOf(form.countries).length ? countriesOf(form.countries) : null,
        restrictedCountries: countriesOf(form.restricted),
        collections: form.collections,
        bonusWagering: form.bonusWagering,
        bonusWageringMinMultiplier: form.bonusWageringMinMultiplier.trim(),
      }),
    CATALOGUE_KEY,
    onDone,
  );
  const submit = submitWith(() => save.mutate());
  /** A yes/no of the game, at the foot of its grid cell like the boxes beside it. */
  const flag = (label: string, key: "isEnabled" | "bonusWagering") => (
    <div className="grid content-end pb-2">
      <AdminCheck label={label} checked={form[key]} onChange={(on) => setForm({ ...form, [key]: on })} />
    </div>
  );
  return (
    <form
      onSubmit={submit}
      className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-3 border-t border-line pt-3"
      aria-label={`Edit ${game.name}`}
    >
      <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-3 sm:grid-cols-3">
        {flag("Shown in the lobby", "isEnabled")}
        <AdminField label="Popularity (higher first)" whole={[0]} {...bind("popularity")} />
        <span />
        <AdminField label="Only in countries (empty: all)" placeholder="e.g. BR, PT" {...bind("countries")} />
        <AdminField label="Never in countries" placeholder="e.g. DE" {...bind("restricted")} />
        <span />
        {flag("Counts toward bonus wagering", "bonusWagering")}
        <AdminField
          label="Wins count from (× stake)"
          inputMode="decimal"
          placeholder="1.00"
          title="A winning round counts toward wagering only at this payout ÷ stake or more; lost rounds always count"
          {...bind("bonusWageringMinMultiplier")}
        />
      </div>
      <CheckChips
        legend="Collections"
        options={collections.data?.map((c) => [c.id, c.name] as const) ?? []}
        {...bind("collections")}
      />
      <ErrorAlert error={save.error} />
      <SaveOrCancel disabled={save.isPending} onCancel={onDone} />
    </form>
  );
}
