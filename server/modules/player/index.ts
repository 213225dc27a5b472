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
  setTelegramUserId,
  toProfile,
  uniqueViolation,
} from "./profile";
export { languagesOf, noticeRecipient, playersInSegment } from "./recipients";
export { type LevelOrderOf, playerSegments } from "./segments";
export { openSession, sharesDeviceOrAddress } from "./sessions";

export const playerModule: ApiModule = async (api, deps) => {
  await api.register(playerRoutes(deps));
};
