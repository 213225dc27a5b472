import type { ApiModule } from "../../app";
import { playerRoutes } from "./routes";

export const playerModule: ApiModule = async (api, deps) => {
  await api.register(playerRoutes(deps));
};

// What payment, limits, game and bonus use (issue 37 step 3).
export { requestLocale } from "./forms";
export { loadPlayer, nicknamesOf, playerStatus } from "./profile";
export { realityCheckSetting, setRealityCheckMinutes } from "./reality-check-setting";
export { assertNotSelfRestricted, endRestriction, restrictPlayer } from "./restrictions";
export { closeSessions, sessionStartedAt } from "./sessions";
export { othersSharing, playerEmails } from "./staff-view";
