import { useState } from "react";
import type { AdminPlayerPage } from "#common/api/admin-player";
import { Button } from "~/components/ui/Button";
import { ADMIN_KEYS, adminApi } from "../api";
import { useSaveAndRefresh } from "../kit/EditableRow";
import { ErrorAlert } from "../kit/errors";
import { AdminField } from "../kit/fields";

/** A status change with its reason (kept in the audit trail with the change). */
export function AccountActions({ player }: { player: AdminPlayerPage["player"] }) {
  const [reason, setReason] = useState("");
  const refresh = ADMIN_KEYS.player(player.id);
  const change = useSaveAndRefresh(
    (status: "active" | "blocked" | "closed") =>
      adminApi.post(`/admin/players/${player.id}/status`, { status, reason }),
    refresh,
    () => setReason(""),
  );
  const logout = useSaveAndRefresh(() => adminApi.post(`/admin/players/${player.id}/logout`), refresh);
  const blocked = player.status === "blocked" || player.status === "closed";
  return (
    <div className="grid gap-3">
      <AdminField label="Reason (kept in the audit trail)" value={reason} onChange={setReason} />
      <div className="flex flex-wrap gap-2">
        {blocked ? (
          <Button
            size="sm"
            disabled={reason.trim().length < 3 || change.isPending}
            onClick={() => change.mutate("active")}
          >
            Unblock
          </Button>
        ) : (
          <Button
            size="sm"
            variant="secondary"
            disabled={reason.trim().length < 3 || change.isPending}
            onClick={() => change.mutate("blocked")}
          >
            Block
          </Button>
        )}
        {player.status !== "closed" && (
          <Button
            size="sm"
            variant="ghost"
            disabled={reason.trim().length < 3 || change.isPending}
            onClick={() => change.mutate("closed")}
          >
            Close account
          </Button>
        )}
        <Button size="sm" variant="ghost" disabled={logout.isPending} onClick={() => logout.mutate()}>
          Sign out everywhere
        </Button>
      </div>
      <ErrorAlert error={change.error ?? logout.error} />
    </div>
  );
}
