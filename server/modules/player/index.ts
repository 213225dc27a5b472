import type { ApiModule } from "../../app";
import { playerRoutes } from "./routes";

export { assertMayLogIn, assertMayStartSession, authenticate, type Caller } from "./auth";
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
  playerStatusSql,
  setTelegramUserId,
  toProfile,
  uniqueViolation,
} from "./profile";
export { languagesOf, noticeRecipient, playersInSegment } from "./recipients";
export { type LevelOrderOf, playerSegments } from "./segments";
export {
  closeSessions,
  isLockedOut,
  isSessionLive,
  liveSession,
  openSession,
  sessionStartedAt,
  sharesDeviceOrAddress,
} from "./sessions";

export const playerModule: ApiModule = async (api, deps) => {
  await api.register(playerRoutes(deps));
};

// What the server's jobs, seed and start-up use (issue 37 step 3).
export { verifyConnectionToken } from "./access-token";
export { clearExcludedPersonMatch, excludedPersonMatchesOf } from "./excluded-persons";
// What payment, limits, game and bonus use (issue 37 step 3).
export { requestLocale } from "./forms";
// What the sportsbook uses (issue 37 step 3).
export { siteLocaleFor } from "./init";
export { realityCheckSetting, setRealityCheckMinutes } from "./reality-check-setting";
export { assertNotSelfRestricted, endRestriction, restrictPlayer } from "./restrictions";
export {
  logoutByStaff,
  othersSharing,
  playerEmails,
  playerForStaff,
  playerIdsByEmail,
  searchPlayers,
  sessionsForStaff,
  setStatusByStaff,
} from "./staff-view";
