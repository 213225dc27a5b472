import { Link } from "react-router";
import { useLocalePath } from "~/features/shell/nav";
import { useLoyaltyAccount, useLoyaltyEnabled } from "./queries";
import { LoyaltyProgress } from "./ui";

/** The player's level and progress in the menu, a way to /loyalty; nothing while loyalty is off or loading. */
export function MenuProgress() {
  const href = useLocalePath();
  const enabled = useLoyaltyEnabled();
  const account = useLoyaltyAccount();
  if (!enabled || !account.data) return null;
  return (
    <Link
      to={href("/loyalty")}
      data-testid="menu-loyalty"
      className="mx-1 mb-2 block rounded-2xl border border-line bg-surface-2 p-3 hover:border-gold/60 lg:compact:hidden"
    >
      <LoyaltyProgress account={account.data} compact />
    </Link>
  );
}
