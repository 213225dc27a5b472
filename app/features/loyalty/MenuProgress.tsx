import { Link } from "react-router";
import { useLocalePath } from "~/features/shell/nav";
import { LoyaltyProgress } from "./LoyaltyProgress";
import { useLoyaltyAccount, useLoyaltyEnabled } from "./queries";

/** The player's level and progress in the menu, a way to /loyalty; nothing while loyalty is off or loading. */
export function MenuProgress() {
  const href = useLocalePath();
  const enabled = useLoyaltyEnabled();
  const account = useLoyaltyAccount();
  if (!enabled) return null;
  // Its room is held while the account loads: the menu's links below do not move when it arrives (issue #20).
  if (!account.data) return <MenuProgressPlaceholder />;
  return (
    <Link
      to={href("/loyalty")}
      data-testid="menu-loyalty"
      className="mx-1 mb-2 block min-h-[90px] rounded-2xl border border-line bg-surface-2 p-3 hover:border-gold/60 lg:compact:hidden"
    >
      <LoyaltyProgress account={account.data} compact />
    </Link>
  );
}

/** The progress card's place, as tall as the card, while the player's loyalty account (or its code) loads. */
export function MenuProgressPlaceholder() {
  return (
    <div
      aria-hidden="true"
      className="mx-1 mb-2 min-h-[90px] animate-pulse rounded-2xl border border-line bg-surface-2 lg:compact:hidden"
    />
  );
}
