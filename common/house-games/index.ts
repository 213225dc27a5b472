/** The built-in house games: rules and outcomes from the provably-fair stream, shared by server and browser. */
export * from "./crash";
export * from "./dice";
export * from "./limbo";
export * from "./mines";
export * from "./payout";
export * from "./plinko";
export * from "./round";
export * from "./slot";

export const HOUSE_ENGINES = ["slot", "dice", "limbo", "mines", "plinko", "crash"] as const;
export type HouseEngine = (typeof HOUSE_ENGINES)[number];
