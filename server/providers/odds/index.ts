import type { Config } from "../../config";
import type { Clock } from "../../lib/clock";
import { createSimulatedOddsFeed, type SimulatedOddsFeed, type SimulatorCatalogue } from "./simulator";

export type { OddsFeed } from "./port";
export type { EventFilter, SimulatedOddsFeed, SimulatorCatalogue, SimulatorChampionship } from "./simulator";

/**
 * The odds feed of this server: the built-in simulator, set up from SPORTS_* (docs/sportsbook-feed.md). A real
 * feed is another implementation of OddsFeed chosen here by configuration.
 */
export function createOddsFeed(o: {
  config: Pick<
    Config,
    "SPORTS_SEED" | "SPORTS_CLOCK_SPEED" | "SPORTS_MARGIN" | "SPORTS_DAYS_AHEAD" | "SPORTS_MAX_EVENTS"
  >;
  catalogue: SimulatorCatalogue;
  clock: Clock;
}): SimulatedOddsFeed {
  return createSimulatedOddsFeed({
    catalogue: o.catalogue,
    clock: o.clock,
    seed: o.config.SPORTS_SEED,
    clockSpeed: o.config.SPORTS_CLOCK_SPEED,
    margin: o.config.SPORTS_MARGIN,
    daysAhead: o.config.SPORTS_DAYS_AHEAD,
    maxEvents: o.config.SPORTS_MAX_EVENTS,
  });
}
