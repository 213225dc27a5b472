/**
 * The slug rule of spec point 2: lower-case, drop parentheses, commas and dots, spaces become single hyphens,
 * repeated hyphens collapse, no hyphen at either end. "Real Madrid (Spain), U.S." → "real-madrid-spain-us".
 */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[(),.]/g, "")
    .replace(/\s+/g, "-")
    .replace(/-+/g, "-")
    .replace(/^-+|-+$/g, "");
}
