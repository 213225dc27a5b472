import { useOutletContext, useParams } from "react-router";
import type { StaffMe } from "#common/api/admin";
import { TradingEventScreen } from "~/features/admin/trading/TradingEventScreen";

/**
 * `/admin/trading/:eventId` (decision 0022): an event's markets as players see them, with the current odds, the
 * book's liability per outcome and the trader's hold; traders suspend and resume the event or a market, settle
 * or void a market by hand, and correct a result after a confirmation. The page follows the feed every few
 * seconds.
 */
export default function AdminTradingEvent() {
  const { eventId } = useParams();
  return <TradingEventScreen me={useOutletContext<StaffMe>()} eventId={eventId} />;
}
