import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link, useOutletContext } from "react-router";
import type { Adjustment, StaffMe } from "#common/api/admin";
import { Button } from "~/components/ui/Button";
import { Td, Th, Tr } from "~/components/ui/Table";
import { adminApi, can } from "~/features/admin/api";
import { AdminTable } from "~/features/admin/kit/AdminList";
import { ErrorAlert } from "~/features/admin/kit/errors";
import { FilterButtons, StatusBadge, usePageParam, useTabParam, when } from "~/features/admin/ui";

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
  const [status, setStatus] = useTabParam(STATUSES, "status");
  const page = usePageParam();
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
      <FilterButtons options={STATUSES.map((s) => [s, s] as const)} value={status} onChange={setStatus} />
      <AdminTable
        paged={list}
        emptyText={`No ${status} adjustment.`}
        testId="admin-adjustments"
        head={
          <>
            <Th>Asked</Th>
            <Th>Player</Th>
            <Th>Amount</Th>
            <Th>Reason</Th>
            <Th>Status</Th>
            <Th />
          </>
        }
      >
        {(a) => (
          <Tr className="align-top">
            <Td className="whitespace-nowrap">{when(a.createdAt)}</Td>
            <Td>
              <Link to={`/admin/players/${a.playerId}`} className="font-semibold text-accent hover:underline">
                #{a.playerId}
              </Link>
            </Td>
            <Td className="font-semibold tabular-nums whitespace-nowrap">
              {a.amount} {a.currency}
            </Td>
            <Td>{a.reason}</Td>
            <Td>
              <StatusBadge status={a.status} />
            </Td>
            <Td>
              <Decide adjustment={a} me={me} />
            </Td>
          </Tr>
        )}
      </AdminTable>
    </div>
  );
}
