import type { ApiModule, AppDeps } from "../../app";
import type { Job } from "../../jobs/scheduler";
import { registerConsumer } from "../facts";
import { questsConsumer } from "./consumer";
import { jobsOfQuests } from "./jobs";
import { questRoutes } from "./routes";
import type { QuestDeps } from "./service";

/** What the quest services run on, from the app's dependencies. */
export const questDeps = (deps: AppDeps): QuestDeps => ({
  db: deps.db,
  clock: deps.clock,
  publisher: deps.realtime,
});

/**
 * Quests (issue #18, decision 0015): offered quests with their tasks, activated and cancelled by the player,
 * moved by the domain facts (bets settled, deposits, logins), completed once with their rewards.
 */
export const questsModule: ApiModule = async (api, deps) => {
  registerConsumer(questsConsumer);
  await api.register(questRoutes(questDeps(deps)));
};

// What the back office (admin) uses (issue 37 step 3).
export { changeQuest, createQuest, staffQuests } from "./admin";

// What the server's jobs, seed and start-up use (issue 37 step 3).
export { seedQuests } from "./seed";

/** The quests' scheduled work, for the job runner (server/jobs). */
export const questJobs = (deps: AppDeps): Job[] => jobsOfQuests(questDeps(deps));
