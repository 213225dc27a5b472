import { type FormEvent, useState } from "react";
import { Link, useNavigate, useOutletContext } from "react-router";
import type { StaffMe } from "#common/api/admin";
import { Button } from "~/components/ui/Button";
import { can } from "~/features/admin/api";
import { AdminField, Panel } from "~/features/admin/ui";
import { sectionsFor } from "./admin";

/** `/admin`: a player search at hand, and the sections this member's roles open. */
export default function AdminOverview() {
  const me = useOutletContext<StaffMe>();
  const navigate = useNavigate();
  const [q, setQ] = useState("");
  const search = (e: FormEvent) => {
    e.preventDefault();
    if (q.trim()) navigate(`/admin/players?q=${encodeURIComponent(q.trim())}`);
  };
  return (
    <div className="grid max-w-4xl gap-5">
      <h1 className="text-2xl font-extrabold">Hello, {me.name}</h1>
      {can(me, "players.read") && (
        <Panel title="Find a player">
          <search>
            <form onSubmit={search} className="flex items-end gap-2">
              <div className="flex-1">
                <AdminField label="Id, e-mail, phone, nickname or Telegram id" value={q} onChange={setQ} />
              </div>
              <Button type="submit">Search</Button>
            </form>
          </search>
        </Panel>
      )}
      <div className="grid gap-3 sm:grid-cols-2">
        {sectionsFor(me)
          .filter((s) => s.to !== "/admin")
          .map((s) => (
            <Link
              key={s.to}
              to={s.to}
              className="rounded-2xl border border-line bg-surface p-4 font-semibold transition-colors hover:border-accent"
            >
              {s.label}
            </Link>
          ))}
      </div>
    </div>
  );
}
