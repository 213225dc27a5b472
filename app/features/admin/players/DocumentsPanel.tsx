import { Link } from "react-router";
import type { AdminPlayerPage } from "#common/api/admin-player";
import { DocumentStatus } from "../kit/badges";
import { Panel } from "../kit/Panel";
import { PageList } from "./FactRow";

const VERIFICATION_TONE: Record<AdminPlayerPage["verification"]["status"], string> = {
  unverified: "text-muted",
  pending: "font-semibold text-accent",
  verified: "font-semibold text-success",
  rejected: "font-semibold text-danger",
};

/** The player's identity check and uploaded documents, with the review queue for staff who review them. */
export function DocumentsPanel({
  verification,
  documents,
  reviews,
}: {
  verification: AdminPlayerPage["verification"];
  documents: AdminPlayerPage["documents"];
  reviews: boolean;
}) {
  return (
    <Panel
      title="Documents"
      actions={
        reviews ? (
          <Link to="/admin/documents" className="text-sm font-semibold text-accent hover:underline">
            Review queue
          </Link>
        ) : undefined
      }
    >
      <p className="mb-2 text-sm" data-testid="admin-player-verification">
        Identity: <span className={VERIFICATION_TONE[verification.status]}>{verification.status}</span>
        {verification.reason && <span className="text-muted"> · {verification.reason}</span>}
      </p>
      <PageList items={documents} emptyText="No documents uploaded.">
        {(d) => (
          <>
            <span className="min-w-0 truncate">
              {d.type.replaceAll("_", " ")} · <span className="text-muted">{d.name}</span>
            </span>
            <DocumentStatus status={d.status} />
          </>
        )}
      </PageList>
    </Panel>
  );
}
