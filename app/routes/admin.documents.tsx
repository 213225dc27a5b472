import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import type { StaffDocument } from "#common/api/admin";
import { Button } from "~/components/ui/Button";
import { adminApi, staffTokenNow } from "~/features/admin/api";
import { AdminList } from "~/features/admin/kit/AdminList";
import { ErrorAlert } from "~/features/admin/kit/errors";
import { AdminField, DocumentStatus, FilterButtons, usePageParam, when } from "~/features/admin/ui";

const TYPES: Record<string, string> = {
  id: "Identity document",
  proof_of_address: "Proof of address",
  payment_proof: "Payment proof",
};

/** Opens the stored file in a new tab: it is fetched with the staff token, so no plain link can reach it. */
async function openFile(id: string) {
  const tab = window.open("", "_blank");
  const res = await fetch(`/api/admin/documents/${id}/file`, {
    headers: { authorization: `Bearer ${staffTokenNow() ?? ""}` },
  });
  if (!res.ok || !tab) {
    tab?.close();
    return;
  }
  tab.location.href = URL.createObjectURL(await res.blob());
}

function Review({ doc }: { doc: StaffDocument }) {
  const client = useQueryClient();
  const [reason, setReason] = useState("");
  const review = useMutation({
    mutationFn: (decision: "approved" | "declined") =>
      adminApi.post(
        `/admin/documents/${doc.id}/review`,
        decision === "approved" ? { decision } : { decision, reason },
      ),
    onSuccess: () => void client.invalidateQueries({ queryKey: ["admin", "documents"] }),
  });
  return (
    <div className="grid gap-2">
      <AdminField label="Reason to decline (the player reads it)" value={reason} onChange={setReason} />
      <div className="flex flex-wrap gap-1.5">
        <Button size="sm" disabled={review.isPending} onClick={() => review.mutate("approved")}>
          Approve
        </Button>
        <Button
          size="sm"
          variant="secondary"
          disabled={review.isPending || reason.trim().length < 3}
          onClick={() => review.mutate("declined")}
        >
          Decline
        </Button>
      </div>
      <ErrorAlert error={review.error} className="text-xs text-danger" />
    </div>
  );
}

/** `/admin/documents`: the review queue, oldest first; decided ones by status. */
export default function AdminDocuments() {
  const [params, setParams] = useSearchParams();
  const status = [1, 2, 3].includes(Number(params.get("status"))) ? Number(params.get("status")) : 1;
  const page = usePageParam();
  const list = useQuery({
    queryKey: ["admin", "documents", status, page],
    queryFn: () =>
      adminApi.get("/admin/documents", {
        status,
        page,
        perPage: 20,
      }),
  });
  return (
    <div className="grid max-w-5xl gap-5">
      <h1 className="text-2xl font-extrabold">Documents</h1>
      <AdminList
        paged={list}
        emptyText="Nothing here."
        className="grid gap-3"
        testId="admin-documents"
        filters={
          <FilterButtons
            options={
              [
                [1, "Pending"],
                [2, "Approved"],
                [3, "Declined"],
              ] as const
            }
            value={status}
            onChange={(s) => setParams({ status: String(s) })}
          />
        }
      >
        {(d) => (
          <li className="grid gap-3 rounded-2xl border border-line bg-surface p-4 sm:grid-cols-[1fr_20rem]">
            <div className="grid content-start gap-1 text-sm">
              <p className="font-semibold">
                {TYPES[d.type] ?? d.type} <DocumentStatus status={d.status} />
              </p>
              <p className="text-muted">
                {d.name} · {Math.ceil(d.size / 1024)} KB · {when(d.createdAt)}
              </p>
              <p>
                Player{" "}
                <Link
                  to={`/admin/players/${d.playerId}`}
                  className="font-semibold text-accent hover:underline"
                >
                  #{d.playerId}
                </Link>
              </p>
              {d.reason && <p className="text-muted">Reason: {d.reason}</p>}
              <div>
                <Button size="sm" variant="ghost" onClick={() => void openFile(d.id)}>
                  Open the file
                </Button>
              </div>
            </div>
            {d.status === 1 && <Review doc={d} />}
          </li>
        )}
      </AdminList>
    </div>
  );
}
