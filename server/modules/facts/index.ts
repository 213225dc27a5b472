export { betSettledIn, multiplierOf, recordBetSettled, recordBetsSettled } from "./bets";
export type { BetSettledData, DomainFact, FactKind, FactOfKind, StoredFact } from "./kinds";
export { recordFact, recordFacts } from "./record";
export {
  createFactRelay,
  deliverFact,
  deliverFacts,
  drainFacts,
  type FactConsumer,
  type FactContext,
  type FactRelay,
  registerConsumer,
  replayFacts,
} from "./relay";
