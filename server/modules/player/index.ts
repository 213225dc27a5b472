import type { ApiModule } from "../../app";
import { playerRoutes } from "./routes";

export const playerModule: ApiModule = async (api, deps) => {
  await api.register(playerRoutes(deps));
};

// What the server's jobs, seed and start-up use (issue 37 step 3).
export { verifyConnectionToken } from "./access-token";
// What the sportsbook uses (issue 37 step 3).
export { authenticate } from "./auth";
export { requestLocale } from "./forms";
export { siteLocaleFor } from "./init";
export { playerStatus } from "./profile";
export { isLockedOut, liveSession } from "./sessions";
// What the back office (admin) uses (issue 37 step 3).
export {
  logoutByStaff,
  playerForStaff,
  searchPlayers,
  sessionsForStaff,
  setStatusByStaff,
} from "./staff-view";
