import type { Job } from "../../jobs/scheduler";
import { expireQuests, type QuestDeps } from "./service";

/** The quests' scheduled work (the face's `questJobs`; run once across processes by the job runner). */
export function jobsOfQuests(deps: QuestDeps): Job[] {
  return [
    {
      // Running quests whose time is up end (state 6); the player's hub hears of it at once.
      name: "quest-expiry",
      everyMs: 60_000,
      run: async () => {
        const n = await expireQuests(deps);
        return n > 0 ? `ended ${n} quests` : undefined;
      },
    },
  ];
}
