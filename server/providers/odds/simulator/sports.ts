import { type BestOfConfig, bestOfMatch } from "./models/best-of";
import { type GoalsConfig, goalsMatch } from "./models/goals";
import type { MatchInput, MatchModel } from "./models/model";
import { type PointsConfig, pointsMatch } from "./models/points";
import { type TennisConfig, tennisMatch } from "./models/tennis";

/**
 * Which model plays which sport: the one place the catalogue's sport ids (and e-sports titles) meet the models.
 * A sport not listed gets the generic model: Poisson scoring with a three-way result, draw no bet, totals and
 * asian handicaps.
 */
export type ModelConfig = GoalsConfig | PointsConfig | TennisConfig | BestOfConfig;

export interface SportProfile {
  model: ModelConfig;
  /** Days a side rests between matches, on average: sets how many matches a championship plays a day. */
  restDays: number;
  /** Weight in the schedule's event budget. */
  weight: number;
  /** Hours (UTC) matches start in, on a quarter-hour grid. */
  hours: [from: number, to: number];
  /** Whether a championship of this sport with enough sides gets an outright (winner) market. */
  outrights: boolean;
}

export const SPORT_IDS = {
  soccer: 66,
  basketball: 67,
  tennis: 68,
  iceHockey: 69,
  volleyball: 70,
  handball: 71,
  americanFootball: 72,
  baseball: 73,
  tableTennis: 74,
  cricket: 75,
  eSportsPlus: 145,
  eFootball: 146,
  eBasketball: 147,
  eHockey: 148,
  eTennis: 149,
  eSports: 150,
} as const;

/** E-sports titles of 145 by category id (the spec's ids). */
export const ESPORTS_TITLES = { cs2: 1706, dota2: 1533, valorant: 1330, hearthstone: 1307 } as const;

export const SOCCER: GoalsConfig = {
  model: "goals",
  unit: "goals",
  periods: 2,
  periodMinutes: 45,
  breakMinutes: 15,
  firstPartPeriods: 1,
  firstPartName: "1st half",
  firstPartShare: 0.45,
  baseTotal: 2.65,
  ratingScale: 0.45,
  homeAdvantage: 0.25,
  tieBreak: "draw",
  clock: "minutes",
  mainResult: "1x2",
  markets: {
    doubleChance: true,
    drawNoBet: true,
    bothScore: true,
    correctScoreUpTo: 3,
    europeanHandicap: true,
    handicap: "asian",
    firstPart: true,
  },
};

export const ICE_HOCKEY: GoalsConfig = {
  model: "goals",
  unit: "goals",
  periods: 3,
  periodMinutes: 20,
  breakMinutes: 10,
  firstPartPeriods: 1,
  firstPartName: "1st period",
  firstPartShare: 1 / 3,
  baseTotal: 5.8,
  ratingScale: 0.35,
  homeAdvantage: 0.12,
  tieBreak: "overtime",
  overtimeMinutes: 5,
  clock: "periods",
  mainResult: "1x2",
  markets: {
    doubleChance: true,
    winnerInclOvertime: true,
    bothScore: true,
    handicap: "asian",
    firstPart: true,
  },
};

const HANDBALL: GoalsConfig = {
  model: "goals",
  unit: "goals",
  periods: 2,
  periodMinutes: 30,
  breakMinutes: 10,
  firstPartPeriods: 1,
  firstPartName: "1st half",
  firstPartShare: 0.49,
  baseTotal: 55,
  ratingScale: 0.12,
  homeAdvantage: 0.05,
  tieBreak: "draw",
  clock: "minutes",
  mainResult: "1x2",
  markets: { doubleChance: true, handicap: "asian", firstPart: true },
};

const BASEBALL: GoalsConfig = {
  model: "goals",
  unit: "runs",
  periods: 9,
  periodMinutes: 20,
  breakMinutes: 0,
  firstPartPeriods: 5,
  firstPartName: "1st 5 innings",
  firstPartShare: 5 / 9,
  baseTotal: 8.8,
  ratingScale: 0.3,
  homeAdvantage: 0.08,
  tieBreak: "extra",
  clock: "innings",
  mainResult: "ml",
  markets: { handicap: "runline", firstPart: true },
};

const E_FOOTBALL: GoalsConfig = {
  ...SOCCER,
  periodMinutes: 6,
  breakMinutes: 2,
  baseTotal: 5.2,
  markets: { ...SOCCER.markets, correctScoreUpTo: 4 },
};

const E_HOCKEY: GoalsConfig = { ...ICE_HOCKEY, periodMinutes: 5, breakMinutes: 1, baseTotal: 7.5 };

/** The generic model for every sport without its own. */
export const GENERIC: GoalsConfig = {
  model: "goals",
  unit: "points",
  periods: 2,
  periodMinutes: 30,
  breakMinutes: 10,
  firstPartPeriods: 1,
  firstPartName: "1st half",
  firstPartShare: 0.5,
  baseTotal: 3.2,
  ratingScale: 0.5,
  homeAdvantage: 0.1,
  tieBreak: "draw",
  clock: "minutes",
  mainResult: "1x2",
  markets: { drawNoBet: true, handicap: "asian" },
};

export const BASKETBALL: PointsConfig = {
  model: "points",
  periodMinutes: 10,
  breakMinutes: 2,
  halfTimeMinutes: 10,
  baseTotal: 162,
  ratingPoints: 6,
  homeAdvantage: 3,
  scoring: [
    [2, 0.62],
    [3, 0.25],
    [1, 0.13],
  ],
  overtimeMinutes: 5,
  spreadStep: 3,
  totalStep: 4,
};

const AMERICAN_FOOTBALL: PointsConfig = {
  model: "points",
  periodMinutes: 15,
  breakMinutes: 2,
  halfTimeMinutes: 13,
  baseTotal: 45,
  ratingPoints: 6,
  homeAdvantage: 2.5,
  scoring: [
    [7, 0.52],
    [3, 0.38],
    [6, 0.06],
    [2, 0.04],
  ],
  overtimeMinutes: 10,
  spreadStep: 3,
  totalStep: 3,
};

const E_BASKETBALL: PointsConfig = {
  ...BASKETBALL,
  periodMinutes: 5,
  breakMinutes: 1,
  halfTimeMinutes: 2,
  baseTotal: 90,
};

/** Cricket (T20) as runs in a normal model: a two-way winner, handicaps and totals of runs. */
const CRICKET: PointsConfig = {
  model: "points",
  periodMinutes: 20,
  breakMinutes: 5,
  halfTimeMinutes: 15,
  baseTotal: 320,
  ratingPoints: 12,
  homeAdvantage: 4,
  scoring: [
    [1, 0.5],
    [2, 0.15],
    [4, 0.25],
    [6, 0.1],
  ],
  overtimeMinutes: 5,
  spreadStep: 8,
  totalStep: 10,
};

export const TENNIS: TennisConfig = { model: "tennis", setsToWin: 2, serveBase: 0.63, serveScale: 0.035 };

const maps = (toWin: number, unitMinutes: number): BestOfConfig => ({
  model: "bestOf",
  toWin,
  unit: "maps",
  unitName: "Map",
  unitMinutes,
  ratingScale: 0.3,
  homeAdvantage: 0,
});

export const CS2 = maps(2, 45);
const DOTA2 = maps(2, 42);
const VALORANT = maps(2, 50);
const HEARTHSTONE: BestOfConfig = { ...maps(3, 12), unit: "games", unitName: "Game" };
export const VOLLEYBALL: BestOfConfig = {
  model: "bestOf",
  toWin: 3,
  unit: "sets",
  unitName: "Set",
  unitMinutes: 27,
  ratingScale: 0.3,
  homeAdvantage: 0.05,
};
const TABLE_TENNIS: BestOfConfig = {
  ...VOLLEYBALL,
  unit: "games",
  unitName: "Game",
  unitMinutes: 9,
  homeAdvantage: 0,
};

const profile = (
  model: ModelConfig,
  restDays: number,
  weight: number,
  hours: [number, number],
  outrights = false,
): SportProfile => ({
  model,
  restDays,
  weight,
  hours,
  outrights,
});

const PROFILES: Record<number, SportProfile> = {
  [SPORT_IDS.soccer]: profile(SOCCER, 4, 3, [11, 21], true),
  [SPORT_IDS.basketball]: profile(BASKETBALL, 3, 2, [12, 23], true),
  [SPORT_IDS.tennis]: profile(TENNIS, 2, 2, [9, 20]),
  [SPORT_IDS.iceHockey]: profile(ICE_HOCKEY, 3, 1.5, [14, 23], true),
  [SPORT_IDS.volleyball]: profile(VOLLEYBALL, 4, 1, [12, 21]),
  [SPORT_IDS.handball]: profile(HANDBALL, 4, 0.8, [14, 21]),
  [SPORT_IDS.americanFootball]: profile(AMERICAN_FOOTBALL, 7, 0.8, [17, 23], true),
  [SPORT_IDS.baseball]: profile(BASEBALL, 2, 0.8, [16, 23]),
  [SPORT_IDS.tableTennis]: profile(TABLE_TENNIS, 1, 0.8, [8, 22]),
  [SPORT_IDS.cricket]: profile(CRICKET, 4, 0.6, [9, 18]),
  [SPORT_IDS.eFootball]: profile(E_FOOTBALL, 0.5, 0.8, [0, 23]),
  [SPORT_IDS.eBasketball]: profile(E_BASKETBALL, 0.5, 0.6, [0, 23]),
  [SPORT_IDS.eHockey]: profile(E_HOCKEY, 0.5, 0.5, [0, 23]),
  [SPORT_IDS.eTennis]: profile({ ...TENNIS, serveBase: 0.6 }, 0.5, 0.5, [0, 23]),
  [SPORT_IDS.eSports]: profile(maps(2, 40), 2, 0.8, [10, 23]),
};

const ESPORTS_PLUS: Record<number, ModelConfig> = {
  [ESPORTS_TITLES.cs2]: CS2,
  [ESPORTS_TITLES.dota2]: DOTA2,
  [ESPORTS_TITLES.valorant]: VALORANT,
  [ESPORTS_TITLES.hearthstone]: HEARTHSTONE,
};

const GENERIC_PROFILE = profile(GENERIC, 5, 0.3, [10, 22]);

/** The profile of a sport (and, for e-sports plus, of its title). */
export function sportProfile(sportId: number, categoryId?: number): SportProfile {
  if (sportId === SPORT_IDS.eSportsPlus) {
    return profile((categoryId !== undefined && ESPORTS_PLUS[categoryId]) || CS2, 2, 1, [10, 23]);
  }
  return PROFILES[sportId] ?? GENERIC_PROFILE;
}

/** A match of the model. */
export function createMatch(config: ModelConfig, input: MatchInput): MatchModel {
  switch (config.model) {
    case "goals":
      return goalsMatch(config, input);
    case "points":
      return pointsMatch(config, input);
    case "tennis":
      return tennisMatch(config, input);
    case "bestOf":
      return bestOfMatch(config, input);
  }
}

/** Game minutes from start to end, roughly (for catching up matches already under way at start-up). */
export function typicalMinutes(config: ModelConfig): number {
  switch (config.model) {
    case "goals":
      return (
        config.periods * (config.periodMinutes + config.breakMinutes) + (config.tieBreak === "draw" ? 0 : 20)
      );
    case "points":
      return (
        4 * config.periodMinutes +
        2 * config.breakMinutes +
        config.halfTimeMinutes +
        2 * config.overtimeMinutes
      );
    case "tennis":
      return config.setsToWin === 2 ? 130 : 220;
    case "bestOf":
      return (2 * config.toWin - 1) * config.unitMinutes * 1.3;
  }
}

/** Every model configuration by name (tests price each of them, the docs list them). */
export const MODELS: Record<string, ModelConfig> = {
  soccer: SOCCER,
  basketball: BASKETBALL,
  tennis: TENNIS,
  iceHockey: ICE_HOCKEY,
  volleyball: VOLLEYBALL,
  handball: HANDBALL,
  americanFootball: AMERICAN_FOOTBALL,
  baseball: BASEBALL,
  tableTennis: TABLE_TENNIS,
  cricket: CRICKET,
  eFootball: E_FOOTBALL,
  eBasketball: E_BASKETBALL,
  eHockey: E_HOCKEY,
  cs2: CS2,
  dota2: DOTA2,
  valorant: VALORANT,
  hearthstone: HEARTHSTONE,
  generic: GENERIC,
};
