/** The sportsbook's shared rules (decision 0012): sports, names, culture and the sports page URLs. */
export * from "./culture";
export * from "./live-changes";
export * from "./names";
export * from "./paths";
export * from "./sports";
