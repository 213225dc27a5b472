import type { AppDeps } from "../../app";
import type { ChatDeps } from "./service";

/** The chat's dependencies, from the app's. */
export const chatDepsOf = (deps: AppDeps): ChatDeps => ({
  db: deps.db,
  clock: deps.clock,
  publisher: deps.realtime,
  storage: deps.storage,
  limiter: deps.limiter,
  channelSecret: deps.config.JWT_SECRET,
  ratePerMinute: deps.config.CHAT_RATE_LIMIT_PER_MINUTE,
});
