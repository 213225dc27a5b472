import { useOutletContext } from "react-router";
import type { StaffMe } from "#common/api/admin";
import { can } from "../api";
import { AdminTabs, useTabParam } from "../kit/filters";
import { LoyaltyTab } from "./LoyaltyTab";
import { QuestsTab } from "./QuestsTab";
import { ReferralTab } from "./ReferralTab";

const TABS = [
  ["quests", "Quests"],
  ["loyalty", "Loyalty"],
  ["referral", "Referral"],
] as const;

/**
 * Retention (decision 0027): quests, loyalty levels and the referral rules as marketing edits them. Players
 * see each change on their next read of their quests, the loyalty page or the affiliate programme.
 */
export function RetentionScreen() {
  const me = useOutletContext<StaffMe>();
  const editable = can(me, "promotions.write");
  const [tab] = useTabParam(TABS.map(([t]) => t));
  return (
    <div className="grid min-w-0 max-w-5xl grid-cols-[minmax(0,1fr)] gap-5">
      <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-1">
        <h1 className="text-2xl font-extrabold">Retention</h1>
        <p className="text-sm text-muted">
          Quests, loyalty levels and referral rules. Players see a change on their next visit.
          {!editable && " You may look; changing needs the marketing role."}
        </p>
      </div>
      <AdminTabs tabs={TABS} />
      {tab === "quests" && <QuestsTab editable={editable} />}
      {tab === "loyalty" && <LoyaltyTab editable={editable} />}
      {tab === "referral" && <ReferralTab editable={editable} />}
    </div>
  );
}
