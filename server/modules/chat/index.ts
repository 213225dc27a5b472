import type { ApiModule } from "../../app";
import { chatRoutes } from "./routes";

export { chatSiteSettings } from "./settings";

/**
 * The built-in support chat (issue #19, decision 0018): a visitor's conversation with support, delivered live
 * over the realtime hub, answered through the operator API (docs/chat.md) until a back office exists. With
 * CHAT_TOKEN and CHAT_HOST the site loads the third-party widget instead; these calls stay.
 */
export const chatModule: ApiModule = async (api, deps) => {
  await api.register(chatRoutes(deps));
};
