import type { Job } from "../../jobs/scheduler";
import { expireFreespins } from "./freespins";
import type { BonusDeps } from "./player-bonuses";
import { expireBonuses } from "./player-bonuses";

/** The bonuses' scheduled work (the face's `bonusJobs`; run once across processes by the job runner). */
export function jobsOfBonus(deps: BonusDeps): Job[] {
  return [
    {
      // Bonuses not activated or not wagered in time finish as expired; an active one forfeits its bonus money.
      name: "bonus-expiry",
      everyMs: 60_000,
      run: async () => {
        const n = await expireBonuses(deps);
        const spins = await expireFreespins(deps);
        return n + spins > 0 ? `expired ${n} bonuses and ${spins} free-spin packages` : undefined;
      },
    },
  ];
}
