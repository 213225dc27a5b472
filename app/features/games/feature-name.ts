import type { TFunction } from "~/lib/translate";

/** A feature tag's name: translated when the texts know it, else the tag made readable ("bonus-buy" → "Bonus buy"). */
export function featureName(t: TFunction, feature: string): string {
  const plain = feature.replace(/[-_]+/g, " ");
  return t(`games.features.${feature}`, { defaultValue: plain.charAt(0).toUpperCase() + plain.slice(1) });
}
