import type { ApiModule } from "../../app";
import { chatRoutes } from "./routes";

export { chatDepsOf } from "./deps";

// What the back office's support desk uses (decision 0054).
export {
  announceSupportCounts,
  assignChat,
  cannedAnswers,
  changeCannedAnswer,
  chatCounts,
  closeAsStaff,
  createCannedAnswer,
  readAsStaff,
  setSupportHours,
  supportChat,
  supportChats,
  supportHours,
  supportLive,
} from "./desk";
export { answerAsOperator, operatorAttachment, type StaffAnswer } from "./service";
export { chatSiteSettings } from "./settings";

/**
 * The built-in support chat (issue #19, decision 0018): a visitor's conversation with support, delivered live
 * over the realtime hub, answered from the back office's support desk (decision 0054) or through the operator API (docs/chat.md). With
 * CHAT_TOKEN and CHAT_HOST the site loads the third-party widget instead; these calls stay.
 */
export const chatModule: ApiModule = async (api, deps) => {
  await api.register(chatRoutes(deps));
};
