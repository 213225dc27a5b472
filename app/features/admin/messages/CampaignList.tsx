import { useQuery } from "@tanstack/react-query";
import type { Campaign } from "#common/api/admin-messages";
import { adminApi } from "../api";
import { AdminList } from "../kit/AdminList";
import { StatusBadge } from "../kit/badges";
import { usePageParam } from "../kit/filters";
import { when } from "../kit/format";
import { Panel } from "../kit/Panel";
import { CampaignProgress } from "./CampaignProgress";
import { segmentText } from "./segment";
import { useLevels } from "./site-lists";

export const CAMPAIGNS_KEY = ["admin", "messages", "campaigns"] as const;

function CampaignRow({ c }: { c: Campaign }) {
  const levels = useLevels().data;
  return (
    <li
      className="grid gap-2 rounded-xl border border-line p-3 sm:grid-cols-[1fr_16rem] sm:items-start sm:gap-4"
      data-testid="admin-campaign"
    >
      <div className="min-w-0">
        <p className="font-semibold break-words">{c.title.en}</p>
        <p className="line-clamp-2 text-sm text-muted break-words">{c.body.en}</p>
        <p className="mt-1 text-xs text-muted">
          {segmentText(c.segment, levels)} ·{" "}
          {[c.channels.inbox && "inbox", c.channels.webPush && "push"].filter(Boolean).join(" + ")} ·{" "}
          {Object.keys(c.title).join(", ")}
        </p>
        <p className="text-xs text-muted">
          {when(c.createdAt)}
          {c.createdBy ? ` by ${c.createdBy}` : ""}
        </p>
      </div>
      <div className="grid justify-items-start gap-2">
        <StatusBadge
          status={c.status === "sent" ? "applied" : "pending"}
          label={c.status === "sent" ? "sent" : "sending"}
        />
        <CampaignProgress c={c} />
      </div>
    </li>
  );
}

/** The campaigns sent, newest first; while one is going out, its progress is read again every two seconds. */
export function CampaignList() {
  const page = usePageParam();
  const list = useQuery({
    queryKey: [...CAMPAIGNS_KEY, page],
    queryFn: () => adminApi.get("/admin/messages/campaigns", { page, perPage: 20 }),
    refetchInterval: (q) => (q.state.data?.data.some((c) => c.status === "sending") ? 2000 : false),
  });
  return (
    <Panel title="Sent campaigns">
      <AdminList
        paged={list}
        emptyText="No message has been sent to a segment yet."
        testId="admin-campaigns"
        className="grid gap-3"
      >
        {(c) => <CampaignRow c={c} />}
      </AdminList>
    </Panel>
  );
}
