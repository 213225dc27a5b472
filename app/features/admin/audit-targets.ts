/**
 * What an audit record's target is, in the staff's words, and where its screen is: the trail stores the
 * server's type names (`game_collection`, `sport_market`), which are not what staff call things. A type not
 * named here (a future one) shows as stored rather than not at all.
 */
const TARGET_NAMES: Record<string, string> = {
  player: "Player",
  staff: "Staff member",
  game: "Game",
  game_provider: "Game provider",
  game_collection: "Collection",
  content_entry: "Content",
  bonus_definition: "Bonus",
  bonus_code: "Bonus code",
  bonus_code_batch: "Bonus code batch",
  quest: "Quest",
  loyalty_level: "Loyalty level",
  referral_rules: "Referral rules",
  message_campaign: "Message campaign",
  payment_method: "Payment method",
  sport_event: "Sport event",
  sport_market: "Sport market",
  sport_shortfall: "Resettlement shortfall",
};

export const targetName = (type: string) => TARGET_NAMES[type] ?? type;

/** The back-office screen of a record's target, where it has one of its own. */
export function targetPath(type: string, id: string | null): string | undefined {
  if (!id) return undefined;
  if (type === "player") return `/admin/players/${encodeURIComponent(id)}`;
  // A market's target is `{eventId}:{marketId}`: its event's trading page shows it.
  if (type === "sport_shortfall") return "/admin/trading/shortfalls";
  if (type === "sport_event" || type === "sport_market")
    return `/admin/trading/${encodeURIComponent(id.split(":")[0]!)}`;
  return undefined;
}
