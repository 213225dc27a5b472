/** The brand, in one place: the logo, titles, the footer and the geo page read it from here. */
export const BRAND = {
  name: "Lucky Harbor",
  /** The two halves of the wordmark. */
  wordmark: ["Lucky", "Harbor"] as const,
  /** Shown in the browser's UI (mobile address bar) and behind the preloader. */
  themeColor: "#0b0f1c",
  supportEmail: "support@luckyharbor.com",
} as const;
