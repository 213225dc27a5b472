import { z } from "zod";
import { pagingQuery } from "./paging";
import { currencyCode, dataOf, decimalString } from "./shared";

/**
 * The built-in sportsbook's API (issue #15, decision 0012): what its widgets call with the token of the
 * start-game call, and what the site's history reads. Odds are decimal strings ("1.85"), never floats; money too.
 * Documented for people in docs/sportsbook-api.md.
 */

/** A decimal price as text, at least "1.01". */
export const oddsString = z
  .string()
  .max(12)
  .regex(/^\d{1,6}(\.\d{1,3})?$/, "Odds are a decimal number");

export const sportSelection = z
  .object({ id: z.string(), name: z.string(), odds: oddsString })
  .meta({ id: "SportSelection" });

export const sportMarket = z
  .object({
    id: z.string(),
    type: z.string(),
    name: z.string(),
    line: z.string().optional(),
    status: z.enum(["open", "suspended", "closed"]),
    selections: z.array(sportSelection),
  })
  .meta({ id: "SportMarket" });
export type SportMarket = z.infer<typeof sportMarket>;

export const liveState = z
  .object({
    clock: z.string(),
    elapsed: z.number(),
    period: z.string(),
    score: z.tuple([z.number().int(), z.number().int()]),
    detail: z.string().optional(),
  })
  .meta({ id: "SportLiveState" });

/** An event as lists show it: the main market only (`markets` has at most one entry), `marketCount` the rest. */
export const sportEvent = z
  .object({
    id: z.number().int(),
    sportId: z.number().int(),
    categoryId: z.number().int(),
    championshipId: z.number().int(),
    /** Names in the caller's locale. */
    sportName: z.string(),
    categoryName: z.string(),
    championshipName: z.string(),
    home: z.string(),
    away: z.string().optional(),
    startsAt: z.string(),
    status: z.enum(["scheduled", "live", "ended", "cancelled"]),
    live: liveState.optional(),
    top: z.boolean(),
    marketCount: z.number().int(),
    markets: z.array(sportMarket),
  })
  .meta({ id: "SportEvent" });
export type SportEvent = z.infer<typeof sportEvent>;

/** GET /api/sportsbook/events: filters are optional and combine. */
export const sportEventsQuery = z.object({
  sportId: z.coerce.number().int().optional(),
  categoryId: z.coerce.number().int().optional(),
  championshipId: z.coerce.number().int().optional(),
  status: z.enum(["scheduled", "live"]).optional(),
  top: z.enum(["1", "true"]).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  locale: z.string().max(10).optional(),
});

/** A sport of the catalogue with how many events it has now (spec point 3's catalogue entry plus counts). */
export const sportSummary = z
  .object({
    id: z.number().int(),
    code: z.string(),
    name: z.string(),
    widgetBgUrl: z.string().optional(),
    cardBgUrl: z.string().optional(),
    cardImgUrl: z.string().optional(),
    events: z.number().int(),
    live: z.number().int(),
  })
  .meta({ id: "SportSummary" });

export const oddsPolicy = z.enum(["none", "higher", "any"]);
export type OddsPolicy = z.infer<typeof oddsPolicy>;

/** POST /api/sportsbook/bets. `odds` is the price the player saw; `requestId` makes a retry harmless. */
export const placeBetBody = z.object({
  type: z.enum(["single", "combo", "system"]),
  /** System bets: the size of each combination, e.g. 2 for "2 of 3". */
  systemSize: z.number().int().min(2).optional(),
  stake: decimalString,
  currency: currencyCode.optional(),
  oddsPolicy: oddsPolicy.default("none"),
  requestId: z.string().min(8).max(64),
  selections: z
    .array(z.object({ selectionId: z.string().max(80), odds: oddsString }))
    .min(1)
    .max(20),
});
export type PlaceBetBody = z.infer<typeof placeBetBody>;

export const betStatus = z.enum([
  /** A live bet waiting out the live delay. */
  "pending",
  "open",
  "won",
  "lost",
  "void",
  "half_won",
  "half_lost",
  "cashed_out",
  "rejected",
]);
export type BetStatus = z.infer<typeof betStatus>;

export const betLeg = z
  .object({
    selectionId: z.string(),
    eventId: z.number().int(),
    eventName: z.string(),
    marketName: z.string(),
    selectionName: z.string(),
    odds: oddsString,
    status: z.enum(["open", "won", "lost", "void", "half_won", "half_lost"]),
    live: liveState.optional(),
  })
  .meta({ id: "SportBetLeg" });

export const sportBet = z
  .object({
    id: z.string(),
    type: z.enum(["single", "combo", "system"]),
    systemSize: z.number().int().optional(),
    status: betStatus,
    stake: decimalString,
    currency: z.string(),
    /** The product of the legs' odds (combo), or null for a system bet. */
    odds: z.string().nullable(),
    potentialPayout: decimalString,
    payout: decimalString.nullable(),
    /** What cashing out pays now, or null when it is not offered. */
    cashOut: decimalString.nullable(),
    /**
     * An open bet (single, combo or system): the margin its cash-out offer keeps (SPORTSBOOK_CASH_OUT_MARGIN), so a widget can
     * follow the offer with the live prices (common/sport/payouts.ts `cashOutOffer`) between two reads.
     */
    cashOutMargin: z.number().min(0).max(1).optional(),
    rejectReason: z.string().nullable(),
    placedAt: z.string(),
    settledAt: z.string().nullable(),
    legs: z.array(betLeg),
  })
  .meta({ id: "SportBet" });
export type SportBet = z.infer<typeof sportBet>;

/** POST /api/sportsbook/bets/{id}/cash-out: `amount` is the offer the player accepted; the offer of now is paid when it is no lower. */
export const cashOutBody = z.object({ amount: decimalString });

/** Error codes of a refused bet (in ERROR_CODES): what the slip tells the player. */
export const BET_REFUSALS = {
  oddsChanged: "odds_changed",
  marketSuspended: "market_suspended",
  eventStarted: "event_not_available",
  stakeTooLow: "stake_too_low",
  stakeTooHigh: "stake_too_high",
  payoutTooHigh: "payout_too_high",
  incompatibleSelections: "selections_incompatible",
  insufficientFunds: "insufficient_funds",
  cashOutChanged: "cash_out_changed",
  cashOutUnavailable: "cash_out_unavailable",
} as const;

// ---------------------------------------------------------------- the catalogue (part A, issue #15)

/** `?locale=ru`: the names' language (a site locale or a tag like ru-RU); Accept-Language when absent. */
export const sportLocaleQuery = z.object({ locale: z.string().max(16).optional() });

/**
 * GET /altenar-data/{sport}-categories.json and -champs.json (spec point 3's shape): a sport's categories with
 * their championships, names in the asked locale. `{sport}` is the sport's code ("soccer") or id ("66").
 */
export const sportCategoriesData = z
  .object({
    Categories: z.array(
      z.object({
        CategoryId: z.number().int(),
        Name: z.string(),
        Championships: z.array(z.object({ ChampionshipId: z.number().int(), Name: z.string() })),
      }),
    ),
  })
  .meta({ id: "SportCategoriesData" });
export type SportCategoriesData = z.infer<typeof sportCategoriesData>;

/** A sport of the catalogue as GET /api/sport/sports lists it. */
export const catalogueSport = z
  .object({
    id: z.number().int(),
    code: z.string(),
    name: z.string(),
    widgetBgUrl: z.string(),
    cardBgUrl: z.string(),
    cardImgUrl: z.string(),
    /** `#rrggbb`, the sport's colour on its art. */
    colour: z.string(),
    /** match: two sides meet; field: many take part, one wins (races, outrights). */
    format: z.enum(["match", "field"]),
    /** Several countries and championships, with a full schedule. */
    featured: z.boolean(),
  })
  .meta({ id: "CatalogueSport" });
export type CatalogueSport = z.infer<typeof catalogueSport>;

/** GET /api/sport/sports?locale */
export const catalogueSportsAnswer = dataOf(z.array(catalogueSport));

/**
 * GET /api/sport/info?sportId&categoryId&championshipId&locale: the translated names of a sport, a category and
 * a championship (spec point 7's champion and category info calls). Any one id is enough; a parent is filled in
 * from its child, and ids that do not belong together answer 404.
 */
export const sportInfoQuery = sportLocaleQuery
  .extend({
    sportId: z.coerce.number().int().positive().optional(),
    categoryId: z.coerce.number().int().positive().optional(),
    championshipId: z.coerce.number().int().positive().optional(),
  })
  .refine((q) => q.sportId !== undefined || q.categoryId !== undefined || q.championshipId !== undefined, {
    message: "Give a sportId, categoryId or championshipId",
    path: ["sportId"],
  });

const infoRef = z.object({ id: z.number().int(), code: z.string(), name: z.string() });

export const sportInfo = z
  .object({
    /** The site locale the names are in. */
    locale: z.string(),
    sport: infoRef,
    category: infoRef.optional(),
    championship: z.object({ id: z.number().int(), name: z.string() }).optional(),
  })
  .meta({ id: "SportInfo" });
export type SportInfo = z.infer<typeof sportInfo>;
export const sportInfoAnswer = dataOf(sportInfo);
// Added with the bet engine (issue #15): the queries and answers of the remaining calls.

/** GET /api/sportsbook/bets: the player's own bets, unsettled (pending, open) or final. */
export const sportBetsQuery = pagingQuery({ perPage: 20, maxPerPage: 100 }).extend({
  status: z.enum(["open", "settled"]).default("open"),
});

/** GET /api/game/bets (spec point 7, the history's "bets" tab): final bets by default. */
export const gameBetsQuery = pagingQuery({ perPage: 20, maxPerPage: 100 }).extend({
  isSettled: z
    .union([z.boolean(), z.enum(["true", "false", "1", "0"]).transform((v) => v === "true" || v === "1")])
    .default(true),
});

/** GET /api/game/sport/search?q: events by team or championship name, the teams and the championships. */
export const sportSearchQuery = z.object({
  q: z.string().max(100).default(""),
  limit: z.coerce.number().int().min(1).max(50).default(20),
  locale: z.string().max(10).optional(),
});

export const sportSearchResult = z
  .object({
    events: z.array(sportEvent),
    teams: z.array(
      z.object({ name: z.string(), sportId: z.number().int(), eventIds: z.array(z.number().int()) }),
    ),
    championships: z.array(
      z.object({
        id: z.number().int(),
        name: z.string(),
        sportId: z.number().int(),
        categoryId: z.number().int(),
      }),
    ),
  })
  .meta({ id: "SportSearchResult" });
export type SportSearchResult = z.infer<typeof sportSearchResult>;

/** POST /api/game/games/sportsbook/play: the sportsbook token the widgets call with. */
export const sportsbookToken = z
  .object({ token: z.string(), expiresAt: z.string() })
  .meta({ id: "SportsbookToken" });

/**
 * What changed in one event since its previous publication on a live channel (docs/sportsbook-feed.md, "Live
 * channels"): only the parts that moved. `live` holds the changed fields of the live state; `markets` the changed
 * markets by id, each with its new status and/or the new prices keyed by outcome (the selection id after
 * `${eventId}:${marketId}:`). Values are absolute, never increments, so a later change repairs a missed one.
 */
export const sportEventChange = z
  .object({
    id: z.number().int(),
    status: sportEvent.shape.status.optional(),
    live: liveState.partial().optional(),
    markets: z
      .record(
        z.string(),
        z.object({
          status: sportMarket.shape.status.optional(),
          odds: z.record(z.string(), oddsString).optional(),
        }),
      )
      .optional(),
  })
  .meta({ id: "SportEventChange" });
export type SportEventChange = z.infer<typeof sportEventChange>;

/**
 * One event's change on `sport:live` by position, `[id, marketId, prices, live, status, marketStatus]` with `live`
 * as `[clock, elapsed, period, score, detail]` (`SportLiveRow`, common/sport/live-changes.ts): `null` is unchanged,
 * trailing nulls are left out.
 */
const orNull = <T extends z.ZodType>(t: T) => t.nullable().optional();
export const sportLiveRow = z
  .tuple([
    z.number().int(),
    orNull(z.string()),
    orNull(z.array(oddsString.nullable())),
    orNull(
      z.tuple([
        orNull(z.string()),
        orNull(z.number()),
        orNull(z.string()),
        orNull(z.tuple([z.number().int(), z.number().int()])),
        orNull(z.string()),
      ]),
    ),
    orNull(sportEvent.shape.status),
    orNull(sportMarket.shape.status),
  ])
  .meta({ id: "SportLiveRow" });

/**
 * One event's change on `sport:event#{id}` by position, `[id, markets, live, status]`, each market as
 * `[marketId, prices, marketStatus]` with `prices` in its selections' order (`SportEventRow`,
 * common/sport/live-changes.ts): `null` is unchanged, trailing nulls are left out.
 */
export const sportEventRow = z
  .tuple([
    z.number().int(),
    orNull(
      z.array(
        z.tuple([z.string(), orNull(z.array(oddsString.nullable())), orNull(sportMarket.shape.status)]),
      ),
    ),
    orNull(sportLiveRow.def.items[3]),
    orNull(sportEvent.shape.status),
  ])
  .meta({ id: "SportEventRow" });

/** `sport:live`, once per feed tick: live events new to the list (main market), and the others' changes as rows. */
export const sportLiveBatch = z
  .object({ events: z.array(sportEvent), changes: z.array(sportLiveRow) })
  .meta({ id: "SportLiveBatch" });
export type SportLiveBatch = z.infer<typeof sportLiveBatch>;

/**
 * GET /api/sportsbook/first-screen (the built-in provider only): the overview drawn by the server, for a page to
 * show before the widget bundle runs (issue 41, decision 0070). `script` is run right after `html`; `image` is
 * the first image the drawing shows (the first card's sport art), for the page to fetch with its first requests.
 */
export const sportsbookFirstScreen = z
  .object({ html: z.string(), script: z.string(), image: z.string().optional() })
  .meta({ id: "SportsbookFirstScreen" });
export type SportsbookFirstScreen = z.infer<typeof sportsbookFirstScreen>;
