import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { Button } from "~/components/ui/Button";
import { Td, Th, Tr } from "~/components/ui/Table";
import { ADMIN_KEYS, adminApi } from "~/features/admin/api";
import { AdminTable } from "~/features/admin/kit/AdminList";
import { AdminField, StatusBadge, usePageParam, when } from "~/features/admin/ui";

/** `/admin/players?q=`: players by id, e-mail, phone, nickname or Telegram id, exact matches first. */
export default function AdminPlayers() {
  const [params, setParams] = useSearchParams();
  const q = params.get("q") ?? "";
  const page = usePageParam();
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
      <AdminTable
        query={q ? found : { isPending: false, error: null }}
        items={found.data?.data}
        emptyText={`No player matches “${q}”.`}
        meta={found.data?.meta}
        testId="admin-player-results"
        head={
          <>
            <Th>Player</Th>
            <Th>Contact</Th>
            <Th className="max-sm:hidden">Country</Th>
            <Th>Status</Th>
            <Th className="max-md:hidden">Joined</Th>
          </>
        }
      >
        {(p) => (
          <Tr>
            <Td>
              <Link to={`/admin/players/${p.id}`} className="font-semibold text-accent hover:underline">
                {p.nickname}
              </Link>
              <span className="block text-xs text-muted">#{p.id}</span>
            </Td>
            <Td>
              {p.email ?? "—"}
              <span className="block text-xs text-muted">
                {p.phone ?? (p.tgUserId ? `Telegram ${p.tgUserId}` : "")}
              </span>
            </Td>
            <Td className="max-sm:hidden">{p.country ?? "—"}</Td>
            <Td>
              <StatusBadge status={p.status} />
            </Td>
            <Td className="max-md:hidden">{when(p.createdAt)}</Td>
          </Tr>
        )}
      </AdminTable>
    </div>
  );
}
