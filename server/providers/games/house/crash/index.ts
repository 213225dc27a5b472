import type { Config } from "../../../../config";
import type { Publisher } from "../../../../realtime/publisher";
import type { HouseDeps } from "../service";
import type { CrashDeps } from "./service";

/** The crash game's dependencies: the house provider's, the realtime publisher, and its timings. */
export function crashDeps(
  house: HouseDeps,
  publisher: Publisher,
  config: Pick<Config, "CRASH_BETTING_SECONDS" | "CRASH_PAUSE_SECONDS" | "CRASH_CHAIN_LENGTH">,
): CrashDeps {
  return {
    ...house,
    publisher,
    settings: {
      bettingMs: config.CRASH_BETTING_SECONDS * 1000,
      pauseMs: config.CRASH_PAUSE_SECONDS * 1000,
      chainLength: config.CRASH_CHAIN_LENGTH,
    },
  };
}
