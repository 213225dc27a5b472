import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { Button } from "~/components/ui/Button";
import { Pager } from "~/components/ui/Pager";
import { ADMIN_KEYS, adminApi } from "~/features/admin/api";
import { AdminField, ListState, pageLabel, StatusBadge, when } from "~/features/admin/ui";

/** `/admin/players?q=`: players by id, e-mail, phone, nickname or Telegram id, exact matches first. */
export default function AdminPlayers() {
  const [params, setParams] = useSearchParams();
  const q = params.get("q") ?? "";
  const page = Number(params.get("page") ?? 1) || 1;
  const [typed, setTyped] = useState(q);
  const found = useQuery({
    queryKey: ADMIN_KEYS.players(q, page),
    queryFn: () => adminApi.get("/admin/players", { q, page, perPage: 20 }),
    enabled: q.length > 0,
  });
  const search = (e: FormEvent) => {
    e.preventDefault();
    setParams(typed.trim() ? { q: typed.trim() } : {});
  };
  return (
    <div className="grid max-w-5xl gap-5">
      <h1 className="text-2xl font-extrabold">Players</h1>
      <search>
        <form onSubmit={search} className="flex items-end gap-2">
          <div className="flex-1">
            <AdminField
              label="Id, e-mail, phone, nickname or Telegram id"
              value={typed}
              onChange={setTyped}
            />
          </div>
          <Button type="submit">Search</Button>
        </form>
      </search>
      {q && (
        <ListState
          loading={found.isPending}
          error={found.error}
          empty={found.data?.data.length === 0}
          emptyText={`No player matches “${q}”.`}
        />
      )}
      {found.data && found.data.data.length > 0 && (
        <div className="overflow-x-auto rounded-2xl border border-line bg-surface">
          <table className="w-full text-left text-sm" data-testid="admin-player-results">
            <thead className="text-xs text-muted uppercase">
              <tr>
                <th className="px-4 py-3">Player</th>
                <th className="px-4 py-3">Contact</th>
                <th className="px-4 py-3 max-sm:hidden">Country</th>
                <th className="px-4 py-3">Status</th>
                <th className="px-4 py-3 max-md:hidden">Joined</th>
              </tr>
            </thead>
            <tbody>
              {found.data.data.map((p) => (
                <tr key={p.id} className="border-t border-line">
                  <td className="px-4 py-3">
                    <Link to={`/admin/players/${p.id}`} className="font-semibold text-accent hover:underline">
                      {p.nickname}
                    </Link>
                    <span className="block text-xs text-muted">#{p.id}</span>
                  </td>
                  <td className="px-4 py-3">
                    {p.email ?? "—"}
                    <span className="block text-xs text-muted">
                      {p.phone ?? (p.tgUserId ? `Telegram ${p.tgUserId}` : "")}
                    </span>
                  </td>
                  <td className="px-4 py-3 max-sm:hidden">{p.country ?? "—"}</td>
                  <td className="px-4 py-3">
                    <StatusBadge status={p.status} />
                  </td>
                  <td className="px-4 py-3 max-md:hidden">{when(p.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager meta={found.data?.meta} label={pageLabel} />
    </div>
  );
}
