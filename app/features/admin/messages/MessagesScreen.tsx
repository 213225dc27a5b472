import type { StaffMe } from "#common/api/admin";
import { can } from "../api";
import { CampaignList } from "./CampaignList";
import { ComposeMessage } from "./ComposeMessage";

/** Messages and pushes to a segment (for staff who may send them), and the campaigns sent. */
export function MessagesScreen({ me }: { me: StaffMe }) {
  return (
    <div className="grid max-w-6xl grid-cols-1 gap-5">
      <h1 className="text-2xl font-extrabold">Messages</h1>
      {can(me, "messages.send") && <ComposeMessage />}
      <CampaignList />
    </div>
  );
}
