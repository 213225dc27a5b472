import { LIMIT_DEFINITION } from "#common/constants";
import { compareAmounts } from "#common/money";
import { useLimits } from "~/features/limits/api";
import { useProfile } from "~/lib/session/use-session";

/**
 * Whether the player's deposit limit leaves nothing for a deposit in `currency` now, from the limits the
 * limits page shows (their `left`): undefined while they load. The cashier then shows the limit as a state
 * instead of asking for methods the server refuses with 13100 (issue 36: an expected refusal is no error in the
 * console). A refusal the limits did not foresee is still handled where the methods are fetched.
 */
export function useDepositLimitReached(
  currency: string,
  direction: "deposit" | "withdrawal",
): boolean | undefined {
  const profile = useProfile();
  const limits = useLimits();
  if (direction !== "deposit" || !profile) return false;
  if (limits.isPending) return undefined;
  return Boolean(
    limits.data?.data.some(
      (l) =>
        l.definition === LIMIT_DEFINITION.deposit &&
        l.currency === currency &&
        l.left !== null &&
        compareAmounts(l.left, "0") <= 0,
    ),
  );
}
