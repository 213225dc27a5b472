import { slugify } from "../slug";

/**
 * Event-name normalisation (spec point 5): remove ( ) , . ; — hyphens become spaces — collapse whitespace —
 * lower-case — trim. "Arsenal - Chelsea (Women)" → "arsenal chelsea women". Names are compared in this form.
 */
export function normaliseEventName(name: string): string {
  return name
    .replace(/[(),.;]/g, "")
    .replace(/-/g, " ")
    .replace(/\s+/g, " ")
    .toLowerCase()
    .trim();
}

/** The path segment of a category's or championship's name: the spec's slug rule. */
export function nameSlug(name: string): string {
  return slugify(name);
}

/** The path segment of an event's name: normalised first, then slugged. "A - B (U21)" → "a-b-u21". */
export function eventSlug(name: string): string {
  return slugify(normaliseEventName(name));
}
