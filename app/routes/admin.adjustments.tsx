import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link, useOutletContext, useSearchParams } from "react-router";
import type { Adjustment, StaffMe } from "#common/api/admin";
import { Button } from "~/components/ui/Button";
import { Pager } from "~/components/ui/Pager";
import { adminApi, can } from "~/features/admin/api";
import { ErrorAlert } from "~/features/admin/kit/errors";
import { FilterButtons, ListState, pageLabel, StatusBadge, when } from "~/features/admin/ui";

const STATUSES = ["pending", "applied", "rejected"] as const;

function Decide({ adjustment, me }: { adjustment: Adjustment; me: StaffMe }) {
  const client = useQueryClient();
  const decide = useMutation({
    mutationFn: (d: "approve" | "reject") => adminApi.post(`/admin/adjustments/${adjustment.id}/${d}`, {}),
    onSuccess: () => void client.invalidateQueries({ queryKey: ["admin", "adjustments"] }),
  });
  if (adjustment.status !== "pending" || !can(me, "adjustments.approve")) return null;
  if (adjustment.requestedBy === String(me.id))
    return <span className="text-xs text-muted">A second member decides your own request</span>;
  return (
    <div className="flex flex-wrap gap-1.5">
      <Button size="sm" disabled={decide.isPending} onClick={() => decide.mutate("approve")}>
        Approve
      </Button>
      <Button size="sm" variant="ghost" disabled={decide.isPending} onClick={() => decide.mutate("reject")}>
        Reject
      </Button>
      <ErrorAlert error={decide.error} className="w-full text-xs text-danger" />
    </div>
  );
}

/** `/admin/adjustments`: manual balance changes, those waiting for a second member first. */
export default function AdminAdjustments() {
  const me = useOutletContext<StaffMe>();
  const [params, setParams] = useSearchParams();
  const status = (STATUSES as readonly string[]).includes(params.get("status") ?? "")
    ? (params.get("status") as Adjustment["status"])
    : "pending";
  const page = Number(params.get("page") ?? 1) || 1;
  const list = useQuery({
    queryKey: ["admin", "adjustments", status, page],
    queryFn: () =>
      adminApi.get("/admin/adjustments", {
        status,
        page,
        perPage: 50,
      }),
  });
  return (
    <div className="grid max-w-6xl gap-5">
      <h1 className="text-2xl font-extrabold">Balance adjustments</h1>
      <FilterButtons
        options={STATUSES.map((s) => [s, s] as const)}
        value={status}
        onChange={(s) => setParams({ status: s })}
      />
      <ListState
        loading={list.isPending}
        error={list.error}
        empty={list.data?.data.length === 0}
        emptyText={`No ${status} adjustment.`}
      />
      {list.data && list.data.data.length > 0 && (
        <div className="overflow-x-auto rounded-2xl border border-line bg-surface">
          <table className="w-full text-left text-sm" data-testid="admin-adjustments">
            <thead className="text-xs text-muted uppercase">
              <tr>
                <th className="px-4 py-3">Asked</th>
                <th className="px-4 py-3">Player</th>
                <th className="px-4 py-3">Amount</th>
                <th className="px-4 py-3">Reason</th>
                <th className="px-4 py-3">Status</th>
                <th className="px-4 py-3" />
              </tr>
            </thead>
            <tbody>
              {list.data.data.map((a) => (
                <tr key={a.id} className="border-t border-line align-top">
                  <td className="px-4 py-3 whitespace-nowrap">{when(a.createdAt)}</td>
                  <td className="px-4 py-3">
                    <Link
                      to={`/admin/players/${a.playerId}`}
                      className="font-semibold text-accent hover:underline"
                    >
                      #{a.playerId}
                    </Link>
                  </td>
                  <td className="px-4 py-3 font-semibold tabular-nums whitespace-nowrap">
                    {a.amount} {a.currency}
                  </td>
                  <td className="px-4 py-3">{a.reason}</td>
                  <td className="px-4 py-3">
                    <StatusBadge status={a.status} />
                  </td>
                  <td className="px-4 py-3">
                    <Decide adjustment={a} me={me} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager meta={list.data?.meta} label={pageLabel} />
    </div>
  );
}
