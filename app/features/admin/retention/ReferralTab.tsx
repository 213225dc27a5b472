import { useQuery } from "@tanstack/react-query";
import { adminApi } from "../api";
import { Tag } from "../kit/badges";
import { ListState } from "../kit/ListState";
import { Panel } from "../kit/Panel";
import { RETENTION_KEY } from "./queries";
import { ReferralForm } from "./ReferralForm";

/** The referral rules: where they come from (staff or the server's defaults) and their form. */
export function ReferralTab({ editable }: { editable: boolean }) {
  const rules = useQuery({
    queryKey: [...RETENTION_KEY, "referral"],
    queryFn: async () => (await adminApi.get("/admin/retention/referral")).data,
  });
  return (
    <Panel
      title="Referral rules"
      actions={
        rules.data && (
          <Tag tone={rules.data.fromStaff ? "success" : "muted"}>
            {rules.data.fromStaff ? "set by staff" : "server defaults"}
          </Tag>
        )
      }
    >
      <ListState loading={rules.isPending} error={rules.error} empty={false} emptyText="" />
      {rules.data && (
        <div className="grid min-w-0 gap-3">
          <p className="text-sm text-muted">
            {rules.data.referredCount} players joined through a referral. A change applies to the next first
            deposit and the next closed day; rewards already credited stay. The affiliate-programme window
            shows these figures.
          </p>
          <ReferralForm
            key={`${rules.data.revenueSharePercent}:${JSON.stringify(rules.data.firstDeposit)}`}
            rules={rules.data}
            editable={editable}
          />
        </div>
      )}
    </Panel>
  );
}
