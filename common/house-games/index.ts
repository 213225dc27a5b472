/** The built-in house games: rules and outcomes from the provably-fair stream, shared by server and browser. */

export * from "./baccarat";
export * from "./blackjack";
export * from "./cards";
export * from "./crash";
export * from "./dice";
export * from "./hilo";
export * from "./keno";
export * from "./limbo";
export * from "./mines";
export * from "./payout";
export * from "./plinko";
export * from "./roulette";
export * from "./round";
export * from "./slot";
export * from "./video-poker";
export * from "./wheel";

export const HOUSE_ENGINES = [
  "slot",
  "dice",
  "limbo",
  "mines",
  "plinko",
  "blackjack",
  "hilo",
  "videopoker",
  "baccarat",
  "keno",
  "roulette",
  "wheel",
  "crash",
] as const;
export type HouseEngine = (typeof HOUSE_ENGINES)[number];
