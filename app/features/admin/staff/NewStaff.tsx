import { useState } from "react";
import { ROLES, type Role } from "#common/api/admin";
import { Button } from "~/components/ui/Button";
import { ADMIN_KEYS, adminApi } from "../api";
import { useSaveAndRefresh } from "../kit/EditableRow";
import { ErrorAlert } from "../kit/errors";
import { AdminField, bindFields, CheckChips, submitWith } from "../kit/fields";

const EMPTY = { email: "", name: "", password: "", roles: ["support"] as Role[] };
const ROLE_CHIPS = ROLES.map((r) => [r, r] as const);

/** A new staff member: name, e-mail, a first password and their roles; they enrol a second factor on sign-in. */
export function NewStaff() {
  const [form, setForm] = useState(EMPTY);
  const bind = bindFields(form, setForm);
  const create = useSaveAndRefresh(
    () => adminApi.post("/admin/staff", form),
    ADMIN_KEYS.staff,
    () => setForm(EMPTY),
  );
  const submit = submitWith(() => create.mutate());
  return (
    <form onSubmit={submit} className="grid gap-3 sm:grid-cols-3">
      <AdminField label="Name" {...bind("name")} required />
      <AdminField label="E-mail" type="email" {...bind("email")} required />
      <AdminField
        label="First password (12+ characters)"
        type="password"
        autoComplete="new-password"
        minLength={12}
        {...bind("password")}
        required
      />
      <div className="sm:col-span-3">
        <CheckChips legend="Roles" options={ROLE_CHIPS} {...bind("roles")} />
      </div>
      <ErrorAlert error={create.error} className="text-sm text-danger sm:col-span-3" />
      <div>
        <Button type="submit" disabled={create.isPending || form.roles.length === 0}>
          Add staff member
        </Button>
      </div>
    </form>
  );
}
