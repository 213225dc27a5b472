import { z } from "zod";
import { ISO_COUNTRY_CODES } from "../countries";
import { compareAmounts } from "../money";
import { pagingQuery } from "./paging";

/**
 * The back office's catalogue (issue #21, decision 0025): games, providers and collections as staff see and
 * edit them, hidden ones included. The admin site imports only the types of this file.
 */

/** ISO 3166-1 alpha-2, as the CDN's country header gives it (upper case). */
export const countryCode = z
  .string()
  .max(8)
  .trim()
  .toUpperCase()
  .refine((c) => (ISO_COUNTRY_CODES as readonly string[]).includes(c), "Not an ISO country code");

/** A list of countries, each once, in the order written. */
const countryList = z
  .array(countryCode)
  .max(250)
  .transform((list) => [...new Set(list)]);

/** Only these countries (never empty: no list is written `null`, for everyone). */
export const onlyCountries = countryList
  .refine((l) => l.length > 0, "Name at least one country, or none for everyone")
  .nullable();

/**
 * A game's least win multiplier for bonus wagering (decision 0065): from 1 to 1000, at most two decimals, as
 * text (the column is numeric(8,2); compared as decimals, never as floats).
 */
export const bonusWageringMinMultiplier = z
  .string()
  .max(20)
  .trim()
  // Not a number: that one message, not also the range's.
  .regex(/^\d{1,4}(\.\d{1,2})?$/, { error: "A number with at most two decimals, e.g. 1.50", abort: true })
  .refine((v) => compareAmounts(v, "1") >= 0 && compareAmounts(v, "1000") <= 0, "From 1 to 1000");

const id = z
  .string()
  .max(15)
  .regex(/^\d{1,15}$/, "an id");

export const adminGamesQuery = pagingQuery({ perPage: 25, maxPerPage: 100 }).extend({
  /** Part of the name or the slug. */
  q: z.string().trim().max(100).optional(),
  /** A provider's id. */
  provider: id.optional(),
  /** A collection's id. */
  collection: id.optional(),
  /** shown: enabled only; hidden: disabled only. */
  state: z.enum(["all", "shown", "hidden"]).default("all"),
});
export type AdminGamesQuery = z.infer<typeof adminGamesQuery>;

export const adminGameCollectionRef = z.object({
  id: z.string(),
  identity: z.string(),
  name: z.string(),
  position: z.number().int(),
});

export const adminGame = z
  .object({
    id: z.string(),
    slug: z.string(),
    name: z.string(),
    provider: z.object({ id: z.string(), identity: z.string(), name: z.string(), isEnabled: z.boolean() }),
    thumbnail: z.string(),
    /** false: hidden from the lobby, its page and its launch. */
    isEnabled: z.boolean(),
    /** Higher first in the lobby's default ("popular") order. */
    popularity: z.number().int(),
    /** Only these countries see it; null: every country not restricted. */
    countries: z.array(z.string()).nullable(),
    /** Countries that never see it. */
    restrictedCountries: z.array(z.string()),
    collections: z.array(adminGameCollectionRef),
    /** false: its rounds never count toward a bonus's wagering. */
    bonusWagering: z.boolean(),
    /** A winning round counts toward wagering only at this payout ÷ stake or more, e.g. "1.50". */
    bonusWageringMinMultiplier: z.string(),
  })
  .meta({ id: "AdminGame" });
export type AdminGame = z.infer<typeof adminGame>;

export const adminGamesAnswer = z.object({
  data: z.array(adminGame),
  meta: z.object({
    page: z.number().int(),
    perPage: z.number().int(),
    totalPages: z.number().int(),
    totalRows: z.number().int(),
    /** GAME_LOBBY_CACHE_SECONDS: the longest a change takes to show where its announcement is lost. */
    cacheSeconds: z.number().int(),
  }),
});

/** PATCH /api/admin/catalogue/games/{id}: what is sent changes, the rest stays. */
export const adminGameChangeBody = z
  .object({
    isEnabled: z.boolean().optional(),
    popularity: z.number().int().min(0).max(1_000_000_000).optional(),
    countries: onlyCountries.optional(),
    restrictedCountries: countryList.optional(),
    /** The collections it is in (ids); a collection it joins gets it last. */
    collections: z.array(id).max(200).optional(),
    bonusWagering: z.boolean().optional(),
    bonusWageringMinMultiplier: bonusWageringMinMultiplier.optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), "Nothing to change");
export type AdminGameChangeBody = z.infer<typeof adminGameChangeBody>;

export const adminGameAnswer = z.object({ data: adminGame });

export const adminProvider = z
  .object({
    id: z.string(),
    identity: z.string(),
    name: z.string(),
    logo: z.string(),
    isEnabled: z.boolean(),
    sortOrder: z.number().int(),
    isDemoContent: z.boolean(),
    /** All its games, hidden ones included. */
    gamesCount: z.number().int(),
  })
  .meta({ id: "AdminProvider" });
export type AdminProvider = z.infer<typeof adminProvider>;
export const adminProvidersAnswer = z.object({ data: z.array(adminProvider) });
export const adminProviderAnswer = z.object({ data: adminProvider });

export const adminProviderChangeBody = z
  .object({
    isEnabled: z.boolean().optional(),
    sortOrder: z.number().int().min(-1_000_000).max(1_000_000).optional(),
  })
  .refine((b) => b.isEnabled !== undefined || b.sortOrder !== undefined, "Nothing to change");
export type AdminProviderChangeBody = z.infer<typeof adminProviderChangeBody>;

export const adminCollection = z
  .object({
    id: z.string(),
    identity: z.string(),
    name: z.string(),
    isHidden: z.boolean(),
    countries: z.array(z.string()).nullable(),
    sortOrder: z.number().int(),
    gamesCount: z.number().int(),
  })
  .meta({ id: "AdminCollection" });
export type AdminCollection = z.infer<typeof adminCollection>;
export const adminCollectionsAnswer = z.object({ data: z.array(adminCollection) });
export const adminCollectionAnswer = z.object({ data: adminCollection });

const collectionName = z.string().trim().min(1).max(80);

export const adminCollectionCreateBody = z.object({
  /** The site's address of it: /games/{identity} ("providers" is the providers' page). */
  identity: z
    .string()
    .trim()
    .min(2)
    .max(60)
    .regex(/^[A-Za-z0-9][A-Za-z0-9_-]*$/, "Letters, digits, - and _ only")
    .refine((i) => i.toLowerCase() !== "providers", "The providers' page has this address"),
  name: collectionName,
  isHidden: z.boolean().default(false),
  countries: onlyCountries.default(null),
});
export type AdminCollectionCreateBody = z.input<typeof adminCollectionCreateBody>;

export const adminCollectionChangeBody = z
  .object({
    name: collectionName.optional(),
    isHidden: z.boolean().optional(),
    countries: onlyCountries.optional(),
    sortOrder: z.number().int().min(-1_000_000).max(1_000_000).optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), "Nothing to change");
export type AdminCollectionChangeBody = z.infer<typeof adminCollectionChangeBody>;

/** A collection's games in their order (its lobby page's default order). */
export const adminCollectionGame = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  providerName: z.string(),
  thumbnail: z.string(),
  isEnabled: z.boolean(),
});
export type AdminCollectionGame = z.infer<typeof adminCollectionGame>;
export const adminCollectionGamesAnswer = z.object({ data: z.array(adminCollectionGame) });

/** PUT /api/admin/catalogue/collections/{id}/games: the whole list, in order (adds, removes and reorders). */
export const adminCollectionGamesBody = z.object({
  gameIds: z
    .array(id)
    .max(2000)
    .refine((l) => new Set(l).size === l.length, "A game is named twice"),
});
