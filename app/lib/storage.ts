/**
 * localStorage that never throws: private modes, disabled storage and server rendering all read as "nothing
 * stored", so a preference is lost at worst, never the page.
 */
export const storage = {
  get(key: string): string | null {
    try {
      return typeof window === "undefined" ? null : window.localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key: string, value: string): void {
    try {
      window.localStorage.setItem(key, value);
    } catch {
      // storage full or disabled: the preference lasts for this page only
    }
  },
  remove(key: string): void {
    try {
      window.localStorage.removeItem(key);
    } catch {
      // as above
    }
  },
};

/** Stored client values of spec point 3 that the shell owns. */
export const STORAGE_KEYS = {
  colorMode: "colorMode",
  drawerCompact: "drawerCompact",
  cookiesAccepted: "cookiesAccepted",
} as const;
