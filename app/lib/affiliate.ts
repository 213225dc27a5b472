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

/** A stored tag or code while it lasts; an expired, older or damaged one is removed and is none. */
function read(key: string, now: number): StoredTag | undefined {
  const raw = storage.get(key);
  if (!raw) return undefined;
  try {
    const v = JSON.parse(raw) as StoredTag;
    if (typeof v.tag === "string" && typeof v.expiresAt === "number" && v.expiresAt > now) return v;
  } catch {
    // an older or damaged value: treated as none
  }
  storage.remove(key);
  return undefined;
}

function keep(key: string, tag: string, now: number, days: number) {
  storage.set(key, JSON.stringify({ tag, expiresAt: now + days * DAY_MS }));
}

/**
 * Takes query parameter `name` out of the address, answering the address without it (undefined when it was
 * not there) and giving its value, trimmed to `max` characters, to `found` when there is one.
 */
function take(href: string, name: string, max: number, found: (value: string) => void): string | undefined {
  const url = new URL(href);
  if (!url.searchParams.has(name)) return undefined;
  const value = url.searchParams.get(name)?.trim().slice(0, max);
  if (value) found(value);
  url.searchParams.delete(name);
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The tag registrations and social or messenger logins carry, while it lasts. */
export function affiliateTag(now = Date.now()): string | undefined {
  return read(AFFILIATE_TAG_KEY, now)?.tag;
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
  return take(href, "stag", 100, (tag) => {
    if (!read(AFFILIATE_TAG_KEY, now)) keep(AFFILIATE_TAG_KEY, tag, now, days);
  });
}

/** A player's invitation (`?ref=CODE`, decision 0017): kept like the affiliate tag, sent with the sign-up. */
export const REFERRAL_CODE_KEY = "referralCode";

/** The inviting player's code registrations carry, while it lasts. */
export function referralCode(now = Date.now()): string | undefined {
  return read(REFERRAL_CODE_KEY, now)?.tag;
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
  return take(href, "ref", 40, (code) => keep(REFERRAL_CODE_KEY, code, now, days));
}
