import { NotificationLists } from "~/features/notifications/NotificationLists";

/**
 * /profile/notifications: the player's messages and push list (decision 0016: the spec's route table has no
 * notifications route, so the full lists are a profile child the bell's popover links to).
 */
export default function ProfileNotifications() {
  return <NotificationLists />;
}
