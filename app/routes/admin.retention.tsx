import { RetentionScreen } from "~/features/admin/retention/RetentionScreen";

/** `/admin/retention` (decision 0027): quests, loyalty levels and the referral rules as marketing edits them. */
export default function AdminRetention() {
  return <RetentionScreen />;
}
