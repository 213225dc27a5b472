import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "react-router";
import type { AdminExcludedPersonMatch } from "#common/api/admin-player";
import { Button } from "~/components/ui/Button";
import { ADMIN_KEYS, adminApi } from "~/features/admin/api";
import { AdminField, Panel, when } from "~/features/admin/ui";
import { ErrorAlert } from "../kit/errors";

const BY: Record<AdminExcludedPersonMatch["matchedBy"][number], string> = {
  email: "e-mail",
  phone: "phone",
  "name-birthdate": "name + birth date",
  device: "device",
};

/**
 * Matches with a self-excluded person (decision 0053), shown first on a player's page when there are any: this
 * player's refused or held attempts, and others' attempts against this player's exclusion. Staff who find an
 * attempt is another person clear it, with the reason kept in the audit trail.
 */
export function ExcludedPersonMatches({
  playerId,
  matches,
  canClear,
}: {
  playerId: string;
  matches: AdminExcludedPersonMatch[];
  canClear: boolean;
}) {
  if (matches.length === 0) return null;
  return (
    <Panel title="Self-exclusion matches" testId="admin-player-exclusion-matches">
      <ul className="grid gap-3 text-sm">
        {matches.map((m) => (
          <MatchRow key={m.id} playerId={playerId} match={m} canClear={canClear} />
        ))}
      </ul>
    </Panel>
  );
}

function MatchRow({
  playerId,
  match: m,
  canClear,
}: {
  playerId: string;
  match: AdminExcludedPersonMatch;
  canClear: boolean;
}) {
  const client = useQueryClient();
  const [reason, setReason] = useState("");
  const clear = useMutation({
    mutationFn: () =>
      adminApi.post(`/admin/players/${playerId}/excluded-person-matches/${m.id}/clear`, { reason }),
    onSuccess: () => void client.invalidateQueries({ queryKey: ADMIN_KEYS.player(playerId) }),
  });
  const mine = m.playerId === playerId;
  const who = mine ? (
    <>
      matches self-excluded player{" "}
      <Link className="font-semibold underline" to={`/admin/players/${m.excludedPlayerId}`}>
        #{m.excludedPlayerId}
      </Link>
    </>
  ) : m.playerId ? (
    <>
      player{" "}
      <Link className="font-semibold underline" to={`/admin/players/${m.playerId}`}>
        #{m.playerId}
      </Link>{" "}
      matched this player's exclusion
    </>
  ) : (
    <>a sign-up ({m.attempt ?? "details withheld"}) matched this player's exclusion</>
  );
  return (
    <li className="grid gap-2 rounded-xl border border-line p-3">
      <p>
        <span className={m.clearedAt ? "text-muted" : "font-semibold text-danger"}>
          {m.event === "registration" ? "Sign-up" : "Login"} {m.outcome}
        </span>{" "}
        · {who} by {m.matchedBy.map((b) => BY[b]).join(", ")} ·{" "}
        <span className="text-muted">{when(m.createdAt)}</span>
      </p>
      {m.clearedAt ? (
        <p className="text-muted">
          Cleared by {m.clearedBy} · {when(m.clearedAt)}
        </p>
      ) : (
        mine &&
        canClear && (
          <div className="flex flex-wrap items-end gap-2">
            <div className="min-w-60 flex-1">
              <AdminField
                label="Why this is another person (kept in the audit trail)"
                value={reason}
                onChange={setReason}
              />
            </div>
            <Button
              size="sm"
              variant="secondary"
              disabled={reason.trim().length < 3 || clear.isPending}
              onClick={() => clear.mutate()}
            >
              Not the same person
            </Button>
          </div>
        )
      )}
      <ErrorAlert error={clear.error} className="text-danger" />
    </li>
  );
}
