/**
 * How the site's texts are made true for the configuration they are served under (issue 39): the facts a text
 * may depend on, and filling a text with them. Kept apart from the service so that the back office's checks of
 * staff's text (entries.ts) can read a text the way the site will.
 */

/**
 * What home banners and pages may depend on, in a locale: the features that are switched on (a banner or a
 * page naming one in `requires` shows only while it is on) and the figures their texts quote as `{name}` (the welcome package's
 * total, say), so a banner stays true when the rules behind it change.
 */
export interface BannerFacts {
  features: Record<string, boolean>;
  values: Record<string, string>;
}
/** A `{name}` a fact fills. */
export const PLACEHOLDER = /\{(\w+)\}/g;

/** An innermost block: no other `if` inside it (blocks nest; the innermost are settled first). */
const BLOCK =
  /<!--\s*if (not )?(\w+)\s*-->((?:(?!<!--\s*if )[\s\S])*?)(?:<!--\s*else\s*-->((?:(?!<!--\s*if )[\s\S])*?))?<!--\s*end\s*-->/g;

/**
 * A text made true for this site: `<!-- if feature -->…<!-- else -->…<!-- end -->` blocks (also `if not`) kept
 * or dropped by the features switched on, and `{name}` replaced by the facts' figures (the minimum age, a
 * verification threshold). A placeholder no fact names is left as written: validation messages carry their own
 * (`{min}`), filled where they are used.
 */
export function fillFacts(text: string, facts: BannerFacts): string {
  let kept = text;
  for (let before = ""; before !== kept; ) {
    before = kept;
    kept = kept.replace(
      BLOCK,
      (_all, not: string | undefined, name: string, yes: string, no: string | undefined) =>
        (facts.features[name] === true) !== Boolean(not) ? yes : (no ?? ""),
    );
  }
  return kept.replace(PLACEHOLDER, (whole, name: string) => facts.values[name] ?? whole);
}
