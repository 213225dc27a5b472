import type { ApiModule } from "../../app";
import { playerRoutes } from "./routes";

export { assertMayLogIn, type Caller } from "./auth";
export {
  loginRoute,
  type RegistrationCodes,
  type RegistrationSteps,
  type RequestContext,
  type SignUp,
  type SiteChat,
} from "./context";
export {
  createPlayer,
  findByEmail,
  loadPlayer,
  nicknamesOf,
  type PlayerRow,
  playerStatus,
  setTelegramUserId,
  toProfile,
  uniqueViolation,
} from "./profile";
export { languagesOf, noticeRecipient, playersInSegment } from "./recipients";
export { type LevelOrderOf, playerSegments } from "./segments";
export { closeSessions, openSession, sessionStartedAt, sharesDeviceOrAddress } from "./sessions";

export const playerModule: ApiModule = async (api, deps) => {
  await api.register(playerRoutes(deps));
};

// What payment, limits, game and bonus use (issue 37 step 3).
export { requestLocale } from "./forms";
export { realityCheckSetting, setRealityCheckMinutes } from "./reality-check-setting";
export { assertNotSelfRestricted, endRestriction, restrictPlayer } from "./restrictions";
export { othersSharing, playerEmails } from "./staff-view";
