/**
 * A content page's identity: lowercase slug segments (the slug rule's output: a-z, 0-9, single hyphens),
 * joined by "/" for nested catch-all pages: "terms", "vip-club", "promotions/summer-cup".
 * Nothing else reaches the file system, so "..", "%2e" or backslashes never name a file.
 */
export const PAGE_IDENTITY = /^[a-z0-9]+(?:-[a-z0-9]+)*(?:\/[a-z0-9]+(?:-[a-z0-9]+)*)*$/;

export const PAGE_IDENTITY_MAX = 200;

export function isPageIdentity(value: unknown): value is string {
  return typeof value === "string" && value.length <= PAGE_IDENTITY_MAX && PAGE_IDENTITY.test(value);
}
