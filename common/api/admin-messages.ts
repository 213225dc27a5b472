import { z } from "zod";
import { paged, pagingQuery } from "./paging";
import { currencyCode } from "./shared";

/**
 * The back office's messages to a segment of players (issue #21, decision 0029): a segment filter with a live
 * count, and campaigns sent in batches with their progress. The site imports these with `import type` only.
 */

/** The locales a campaign is written in (the server's message texts have the same three); English is required. */
export const CAMPAIGN_LOCALES = ["en", "ru", "pt-br"] as const;

const country = z
  .string()
  .max(8)
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, "a two-letter country code");
const days = z.number().int().min(1).max(3650);

/**
 * Who a campaign goes to: every filter given must match (an empty list is no filter). Marketing goes only to
 * active accounts that opted in to promotions, whatever the filter (decision 0029).
 */
export const segmentFilter = z.object({
  countries: z.array(country).max(50).default([]),
  /** Players with an account in one of these currencies. */
  currencies: z.array(currencyCode).max(20).default([]),
  /** Loyalty level orders (1 the first level; 0 a player who has reached none yet). */
  levels: z.array(z.number().int().min(0).max(1000)).max(50).default([]),
  /** Signed in or used the site within this many days. */
  activeWithinDays: days.nullable().default(null),
  /** Not seen for at least this many days (never seen counts as inactive). */
  inactiveForDays: days.nullable().default(null),
});
export type SegmentFilter = z.output<typeof segmentFilter>;
export type SegmentFilterInput = z.input<typeof segmentFilter>;

/** `?countries=DE,AT&currencies=EUR&levels=0,1&activeWithinDays=30` of the preview call. */
const queryList = <T extends z.ZodType>(item: T) =>
  z.preprocess((v) => {
    if (v === undefined || v === "") return [];
    return (Array.isArray(v) ? v : String(v).split(",")).map((s) => String(s).trim()).filter(Boolean);
  }, z.array(item).max(50));
const queryDays = z.preprocess(
  (v) => (v === undefined || v === "" ? null : v),
  z.coerce.number().pipe(days).nullable(),
);

export const segmentPreviewQuery = z.object({
  countries: queryList(country).optional(),
  currencies: queryList(currencyCode).optional(),
  levels: queryList(z.coerce.number().int().min(0).max(1000)).optional(),
  activeWithinDays: queryDays.optional(),
  inactiveForDays: queryDays.optional(),
});

/** A player of the preview, masked: enough to see the filter picks the right people, not who they are. */
export const segmentSamplePlayer = z.object({
  name: z.string(),
  email: z.string().nullable(),
  country: z.string().nullable(),
  language: z.string(),
  level: z.number().int(),
  lastActiveAt: z.string().nullable(),
});
export type SegmentSamplePlayer = z.infer<typeof segmentSamplePlayer>;

export const segmentPreview = z.object({
  /** The players a campaign with this filter would reach now. */
  count: z.number().int(),
  sample: z.array(segmentSamplePlayer),
});
export type SegmentPreview = z.infer<typeof segmentPreview>;
export const segmentPreviewAnswer = z.object({ data: segmentPreview });

const localized = (max: number) =>
  z.object({
    en: z.string().trim().min(1).max(max),
    ru: z.string().trim().max(max).optional(),
    "pt-br": z.string().trim().max(max).optional(),
  });

export const campaignCreateBody = z
  .object({
    /** Made by the client once per compose: the same key again answers the first campaign, sending nothing more. */
    idempotencyKey: z.string().trim().min(8).max(100),
    title: localized(120),
    body: localized(1000),
    /** Where the message leads on the site: a path of this site. */
    url: z
      .string()
      .trim()
      .max(300)
      .regex(/^\/([^/\s]\S*)?$/, "a path of this site, starting with /")
      .nullable()
      .default(null),
    channels: z.object({ inbox: z.boolean(), webPush: z.boolean() }),
    segment: segmentFilter,
  })
  .refine((b) => b.channels.inbox || b.channels.webPush, {
    message: "Choose at least one channel",
    path: ["channels"],
  });
export type CampaignCreateBody = z.input<typeof campaignCreateBody>;

export const campaign = z.object({
  id: z.string(),
  title: z.record(z.string(), z.string()),
  body: z.record(z.string(), z.string()),
  url: z.string().nullable(),
  channels: z.object({ inbox: z.boolean(), webPush: z.boolean() }),
  segment: segmentFilter,
  status: z.enum(["sending", "sent"]),
  /** Players in the segment when it was created. */
  targeted: z.number().int(),
  /** Players it was written to (their inbox message, or their push queued). */
  delivered: z.number().int(),
  /** Players whose browser received the push. */
  pushed: z.number().int(),
  /** Players whose every browser refused the push. */
  failed: z.number().int(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type Campaign = z.infer<typeof campaign>;
export const campaignAnswer = z.object({ data: campaign });
export const campaignsQuery = pagingQuery({ perPage: 20, maxPerPage: 100 });
export const campaignsAnswer = paged(campaign);
