import { storage } from "./storage";

/**
 * Spec point 3's stored client value, and point 9's lifetime: an affiliate's tag counts for the operator's
 * configured days (AFFILIATE_TAG_DAYS, sent by /player/init), 30 when the site does not know them.
 */
export const AFFILIATE_TAG_KEY = "affiliateTag";
export const AFFILIATE_TAG_DAYS = 30;
const DAY_MS = 86_400_000;

interface StoredTag {
  tag: string;
  expiresAt: number;
}

function read(now: number): StoredTag | undefined {
  const raw = storage.get(AFFILIATE_TAG_KEY);
  if (!raw) return undefined;
  try {
    const v = JSON.parse(raw) as StoredTag;
    if (typeof v.tag === "string" && typeof v.expiresAt === "number" && v.expiresAt > now) return v;
  } catch {
    // an older or damaged value: treated as none
  }
  storage.remove(AFFILIATE_TAG_KEY);
  return undefined;
}

/** The tag registrations and social or messenger logins carry, while it lasts. */
export function affiliateTag(now = Date.now()): string | undefined {
  return read(now)?.tag;
}

/**
 * Spec point 5: the tag of a `stag` query parameter is stored only when none is (the first affiliate keeps the
 * visitor for the tag's lifetime), and the parameter is taken out of the address. Answers the address without
 * it, or undefined when there was none.
 */
export function captureAffiliateTag(
  href: string,
  now = Date.now(),
  days = AFFILIATE_TAG_DAYS,
): string | undefined {
  const url = new URL(href);
  if (!url.searchParams.has("stag")) return undefined;
  const tag = url.searchParams.get("stag")?.trim().slice(0, 100);
  if (tag && !read(now)) {
    storage.set(AFFILIATE_TAG_KEY, JSON.stringify({ tag, expiresAt: now + days * DAY_MS }));
  }
  url.searchParams.delete("stag");
  return `${url.pathname}${url.search}${url.hash}`;
}

/** A player's invitation (`?ref=CODE`, decision 0017): kept like the affiliate tag, sent with the sign-up. */
export const REFERRAL_CODE_KEY = "referralCode";

/** The inviting player's code registrations carry, while it lasts. */
export function referralCode(now = Date.now()): string | undefined {
  const raw = storage.get(REFERRAL_CODE_KEY);
  if (!raw) return undefined;
  try {
    const v = JSON.parse(raw) as StoredTag;
    if (typeof v.tag === "string" && typeof v.expiresAt === "number" && v.expiresAt > now) return v.tag;
  } catch {
    // an older or damaged value: treated as none
  }
  storage.remove(REFERRAL_CODE_KEY);
  return undefined;
}

/**
 * A `ref` query parameter: the code is stored (the latest invitation wins: the visitor followed it last) for the
 * affiliate tag's lifetime, and taken out of the address. Answers the address without it, or undefined.
 */
export function captureReferralCode(
  href: string,
  now = Date.now(),
  days = AFFILIATE_TAG_DAYS,
): string | undefined {
  const url = new URL(href);
  if (!url.searchParams.has("ref")) return undefined;
  const code = url.searchParams.get("ref")?.trim().slice(0, 40);
  if (code) storage.set(REFERRAL_CODE_KEY, JSON.stringify({ tag: code, expiresAt: now + days * DAY_MS }));
  url.searchParams.delete("ref");
  return `${url.pathname}${url.search}${url.hash}`;
}
