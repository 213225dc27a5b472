import { beforeEach, describe, expect, it, vi } from "vitest";
import {
  AFFILIATE_TAG_DAYS,
  AFFILIATE_TAG_KEY,
  affiliateTag,
  captureAffiliateTag,
  captureReferralCode,
  referralCode,
} from "./affiliate";
import { memoryLocalStorage } from "./testing/local-storage";

const DAY = 86_400_000;

/** The unit project runs in Node: a Map stands in for the browser's localStorage. */
const { store, localStorage } = memoryLocalStorage();
vi.stubGlobal("window", { localStorage });

describe("affiliate tag", () => {
  beforeEach(() => store.clear());

  it("stores the stag parameter's tag and takes the parameter out of the address", () => {
    expect(captureAffiliateTag("https://casino.test/games?stag=aff-7&sort=new#top", 0)).toBe(
      "/games?sort=new#top",
    );
    expect(affiliateTag(1)).toBe("aff-7");
  });

  it("lasts the operator's configured days", () => {
    captureAffiliateTag("https://casino.test/?stag=short", 0, 7);
    expect(affiliateTag(7 * DAY - 1)).toBe("short");
    expect(affiliateTag(7 * DAY)).toBeUndefined();
    captureReferralCode("https://casino.test/?ref=CODE7", 0, 7);
    expect(referralCode(7 * DAY - 1)).toBe("CODE7");
    expect(referralCode(7 * DAY)).toBeUndefined();
  });

  it("keeps the first affiliate's tag while it lasts, then lets a new one in", () => {
    captureAffiliateTag("https://casino.test/?stag=first", 0);
    expect(captureAffiliateTag("https://casino.test/?stag=second", DAY)).toBe("/");
    expect(affiliateTag(DAY)).toBe("first");
    const expired = AFFILIATE_TAG_DAYS * DAY;
    expect(affiliateTag(expired)).toBeUndefined();
    captureAffiliateTag("https://casino.test/?stag=second", expired);
    expect(affiliateTag(expired + 1)).toBe("second");
  });

  it("leaves an address without stag alone and ignores an empty or damaged value", () => {
    expect(captureAffiliateTag("https://casino.test/?a=1", 0)).toBeUndefined();
    expect(captureAffiliateTag("https://casino.test/?stag=", 0)).toBe("/");
    expect(affiliateTag(0)).toBeUndefined();
    store.set(AFFILIATE_TAG_KEY, "plain-old-value");
    expect(affiliateTag(0)).toBeUndefined();
    expect(store.has(AFFILIATE_TAG_KEY)).toBe(false);
  });
});

describe("referral code (?ref)", () => {
  beforeEach(() => store.clear());

  it("stores the ref parameter's code, takes it out of the address, and the latest invitation wins", () => {
    expect(captureReferralCode("https://casino.test/games?ref=ABCD2345&sort=new#top", 0)).toBe(
      "/games?sort=new#top",
    );
    expect(referralCode(1)).toBe("ABCD2345");
    captureReferralCode("https://casino.test/?ref=WXYZ6789", DAY);
    expect(referralCode(DAY)).toBe("WXYZ6789");
    expect(captureReferralCode("https://casino.test/?sort=new", DAY)).toBeUndefined();
  });

  it("forgets the code when the affiliate tag's lifetime is over", () => {
    captureReferralCode("https://casino.test/?ref=ABCD2345", 0);
    expect(referralCode(AFFILIATE_TAG_DAYS * DAY)).toBeUndefined();
  });
});
