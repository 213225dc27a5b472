import { useOutletContext, useParams } from "react-router";
import type { StaffMe } from "#common/api/admin";
import { PlayerPage } from "~/features/admin/players/PlayerPage";

/** `/admin/players/{id}`: everything about one player on one page. */
export default function AdminPlayer() {
  const { id = "" } = useParams();
  return <PlayerPage me={useOutletContext<StaffMe>()} id={id} />;
}
