import { useOutletContext } from "react-router";
import type { StaffMe } from "#common/api/admin";
import { MessagesScreen } from "~/features/admin/messages/MessagesScreen";

/** `/admin/messages` (issue #21, decision 0029): messages and pushes to a segment, and the campaigns sent. */
export default function AdminMessages() {
  return <MessagesScreen me={useOutletContext<StaffMe>()} />;
}
