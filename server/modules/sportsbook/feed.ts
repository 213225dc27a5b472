import type { Config } from "../../config";
import type { Clock } from "../../lib/clock";
import { createOddsFeed, type SimulatedOddsFeed, type SimulatorCatalogue } from "../../providers/odds";
import { type Catalogue, nameIn, sportCatalogue } from "./catalogue";

/** The catalogue's championships and their participants, as the simulator schedules them. */
export function simulatorCatalogue(catalogue: Catalogue = sportCatalogue()): SimulatorCatalogue {
  return {
    championships: () =>
      catalogue.allChampionships().map((c) => ({
        id: c.id,
        sportId: c.sportId,
        categoryId: c.categoryId,
        name: nameIn(c),
        participants: catalogue.participants(c.id).map(({ name, rating }) => ({ name, rating })),
      })),
  };
}

/**
 * The sportsbook's odds feed for this server, or none when an operator switched sports off
 * (SPORTSBOOK_ENABLED=false): then the sportsbook's calls answer `sportsbook_off` and the site hides it.
 */
export function sportsFeed(config: Config, clock: Clock): SimulatedOddsFeed | undefined {
  if (!config.SPORTSBOOK_ENABLED) return undefined;
  return createOddsFeed({ config, catalogue: simulatorCatalogue(), clock });
}
