/**
 * The built-in odds feed (issue #15, decision 0012): a seeded simulator implementing the OddsFeed port.
 * docs/sportsbook-feed.md describes its models, margin, markets, live clock and settings.
 */
export {
  createSimulatedOddsFeed,
  type EventFilter,
  type SimulatedFeedOptions,
  type SimulatedOddsFeed,
} from "./feed";
export type { SimulatorCatalogue, SimulatorChampionship } from "./schedule";
export { SPORT_IDS, sportProfile } from "./sports";
