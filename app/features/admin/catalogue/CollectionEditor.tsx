import { useState } from "react";
import type { AdminCollection } from "#common/api/admin-catalogue";
import { Button } from "~/components/ui/Button";
import { adminApi } from "../api";
import { useSaveAndRefresh } from "../kit/EditableRow";
import { RowError } from "../kit/errors";
import { AdminField, bindFields, submitWith } from "../kit/fields";
import { countriesOf, countriesText } from "../kit/format";
import { CATALOGUE_KEY } from "./queries";

/** A collection's name, countries and place among the collections. */
export function CollectionEditor({
  collection,
  onDone,
}: {
  collection: AdminCollection;
  onDone: () => void;
}) {
  const [form, setForm] = useState({
    name: collection.name,
    countries: countriesText(collection.countries),
    sortOrder: String(collection.sortOrder),
  });
  const bind = bindFields(form, setForm);
  const save = useSaveAndRefresh(
    () =>
      adminApi.patch(`/admin/catalogue/collections/${collection.id}`, {
        name: form.name,
        countries: countriesOf(form.countries).length ? countriesOf(form.countries) : null,
        sortOrder: Number(form.sortOrder),
      }),
    CATALOGUE_KEY,
    onDone,
  );
  return (
    <>
      <RowError error={save.error} />
      <form
        className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-3 border-t border-line pt-3 sm:grid-cols-[1fr_1fr_8rem_auto] sm:items-end"
        onSubmit={submitWith(() => save.mutate())}
      >
        <AdminField label="Name" {...bind("name")} required />
        <AdminField label="Only in countries (empty: all)" {...bind("countries")} />
        <AdminField label="Order" type="number" {...bind("sortOrder")} />
        <Button type="submit" size="sm" disabled={save.isPending}>
          Save
        </Button>
      </form>
    </>
  );
}
