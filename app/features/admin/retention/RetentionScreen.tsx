import { useCan } from "../api";
import { TabbedScreen } from "../kit/filters";
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
  const editable = useCan("promotions.write");
  return (
    <TabbedScreen
      title="Retention"
      tabs={TABS}
      intro={
        <p className="text-sm text-muted">
          Quests, loyalty levels and referral rules. Players see a change on their next visit.
          {!editable && " You may look; changing needs the marketing role."}
        </p>
      }
    >
      {(tab) => (
        <>
          {tab === "quests" && <QuestsTab editable={editable} />}
          {tab === "loyalty" && <LoyaltyTab editable={editable} />}
          {tab === "referral" && <ReferralTab editable={editable} />}
        </>
      )}
    </TabbedScreen>
  );
}
