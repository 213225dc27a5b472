import { useState } from "react";
import { Button } from "~/components/ui/Button";
import { adminApi } from "../api";
import { useSaveAndRefresh } from "../kit/EditableRow";
import { ErrorAlert } from "../kit/errors";
import { AdminField, bindFields, submitWith } from "../kit/fields";
import { countriesOf } from "../kit/format";
import { CATALOGUE_KEY } from "./queries";

const EMPTY = { identity: "", name: "", countries: "" };

/** A new collection, made hidden so staff fill it before players see it. */
export function NewCollection() {
  const [form, setForm] = useState(EMPTY);
  const bind = bindFields(form, setForm);
  const create = useSaveAndRefresh(
    () =>
      adminApi.post("/admin/catalogue/collections", {
        identity: form.identity.trim(),
        name: form.name,
        isHidden: true,
        countries: countriesOf(form.countries).length ? countriesOf(form.countries) : null,
      }),
    CATALOGUE_KEY,
    () => setForm(EMPTY),
  );
  return (
    <form
      className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-3 sm:grid-cols-[1fr_1fr_1fr_auto] sm:items-end"
      onSubmit={submitWith(() => create.mutate())}
    >
      <AdminField label="Name" {...bind("name")} required />
      <AdminField label="Address (/games/…)" placeholder="weekend-picks" {...bind("identity")} required />
      <AdminField label="Only in countries (empty: all)" {...bind("countries")} />
      <Button type="submit" disabled={create.isPending}>
        Create (hidden)
      </Button>
      <ErrorAlert error={create.error} className="text-sm text-danger sm:col-span-4" />
    </form>
  );
}
