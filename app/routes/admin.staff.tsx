import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { ROLES, type Role, type StaffMember } from "#common/api/admin";
import { Button } from "~/components/ui/Button";
import { ADMIN_KEYS, adminApi } from "~/features/admin/api";
import { AdminField, errorText, ListState, Panel, StatusBadge, when } from "~/features/admin/ui";

function RolePicker({ value, onChange }: { value: Role[]; onChange: (roles: Role[]) => void }) {
  return (
    <fieldset className="flex flex-wrap gap-2">
      <legend className="mb-1.5 text-sm font-semibold">Roles</legend>
      {ROLES.map((r) => (
        <label
          key={r}
          className="flex items-center gap-1.5 rounded-lg border border-line px-2.5 py-1.5 text-sm"
        >
          <input
            type="checkbox"
            checked={value.includes(r)}
            onChange={(e) => onChange(e.target.checked ? [...value, r] : value.filter((x) => x !== r))}
          />
          {r}
        </label>
      ))}
    </fieldset>
  );
}

function NewStaff() {
  const client = useQueryClient();
  const [form, setForm] = useState({ email: "", name: "", password: "", roles: ["support"] as Role[] });
  const create = useMutation({
    mutationFn: () => adminApi.post("/admin/staff", form),
    onSuccess: () => {
      setForm({ email: "", name: "", password: "", roles: ["support"] });
      void client.invalidateQueries({ queryKey: ADMIN_KEYS.staff });
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate();
  };
  return (
    <form onSubmit={submit} className="grid gap-3 sm:grid-cols-3">
      <AdminField label="Name" value={form.name} onChange={(name) => setForm({ ...form, name })} required />
      <AdminField
        label="E-mail"
        type="email"
        value={form.email}
        onChange={(email) => setForm({ ...form, email })}
        required
      />
      <AdminField
        label="First password (12+ characters)"
        type="password"
        autoComplete="new-password"
        minLength={12}
        value={form.password}
        onChange={(password) => setForm({ ...form, password })}
        required
      />
      <div className="sm:col-span-3">
        <RolePicker value={form.roles} onChange={(roles) => setForm({ ...form, roles })} />
      </div>
      {create.error && (
        <p role="alert" className="text-sm text-danger sm:col-span-3">
          {errorText(create.error)}
        </p>
      )}
      <div>
        <Button type="submit" disabled={create.isPending || form.roles.length === 0}>
          Add staff member
        </Button>
      </div>
    </form>
  );
}

function StaffRow({ member }: { member: StaffMember }) {
  const client = useQueryClient();
  const change = useMutation({
    mutationFn: (body: Record<string, unknown>) => adminApi.patch(`/admin/staff/${member.id}`, body),
    onSuccess: () => void client.invalidateQueries({ queryKey: ADMIN_KEYS.staff }),
  });
  return (
    <tr className="border-t border-line align-top">
      <td className="px-4 py-3">
        <span className="font-semibold">{member.name}</span>
        <span className="block text-xs text-muted">{member.email}</span>
      </td>
      <td className="px-4 py-3">{member.roles.join(", ")}</td>
      <td className="px-4 py-3">
        <StatusBadge status={member.status} />
        <span className="block text-xs text-muted">
          {member.secondFactor ? "2FA on" : "2FA at next sign-in"}
        </span>
      </td>
      <td className="px-4 py-3 max-md:hidden">{when(member.createdAt)}</td>
      <td className="px-4 py-3">
        <div className="flex flex-wrap gap-1.5">
          <Button
            size="sm"
            variant="ghost"
            disabled={change.isPending}
            onClick={() => change.mutate({ status: member.status === "active" ? "blocked" : "active" })}
          >
            {member.status === "active" ? "Block" : "Unblock"}
          </Button>
          <Button
            size="sm"
            variant="ghost"
            disabled={change.isPending}
            onClick={() => change.mutate({ resetSecondFactor: true })}
          >
            Reset 2FA
          </Button>
        </div>
        {change.error && <p className="mt-1 text-xs text-danger">{errorText(change.error)}</p>}
      </td>
    </tr>
  );
}

/** `/admin/staff` (administrators): staff accounts, their roles, blocking and second-factor resets. */
export default function AdminStaff() {
  const list = useQuery({
    queryKey: ADMIN_KEYS.staff,
    queryFn: async () => (await adminApi.get("/admin/staff")).data,
  });
  return (
    <div className="grid max-w-6xl gap-5">
      <h1 className="text-2xl font-extrabold">Staff</h1>
      <Panel title="Add a staff member">
        <NewStaff />
      </Panel>
      <ListState
        loading={list.isPending}
        error={list.error}
        empty={list.data?.length === 0}
        emptyText="No staff yet."
      />
      {list.data && list.data.length > 0 && (
        <div className="overflow-x-auto rounded-2xl border border-line bg-surface">
          <table className="w-full text-left text-sm">
            <thead className="text-xs text-muted uppercase">
              <tr>
                <th className="px-4 py-3">Member</th>
                <th className="px-4 py-3">Roles</th>
                <th className="px-4 py-3">Status</th>
                <th className="px-4 py-3 max-md:hidden">Since</th>
                <th className="px-4 py-3">Actions</th>
              </tr>
            </thead>
            <tbody>
              {list.data.map((m) => (
                <StaffRow key={m.id} member={m} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
