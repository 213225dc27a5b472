import type { ComponentType } from "react";
import { GiftIcon } from "~/components/ui/icons";
import { bonusApi } from "~/features/bonuses/api";
import { BONUS_KEY } from "~/features/bonuses/queries";
import { queryClient } from "~/lib/query";

/**
 * What the generic `confirm` modal can ask (`?confirm={action}:{argument}`): actions with consequences that
 * have no modal of their own. Each says what it does in `modals.confirm.{action}` and, once done, in
 * `modals.success.{action}` (the `success` modal). The server checks that the argument is the player's own;
 * the address only names what to ask.
 */
export interface ConfirmAction {
  icon: ComponentType<{ size?: number }>;
  /** The button is drawn as `danger` when the action takes something away. */
  danger?: boolean;
  run(argument: string): Promise<void>;
}

export const CONFIRM_ACTIONS: Record<string, ConfirmAction> = {
  /** A deposit bonus code waiting for its deposit: withdrawn, its use given back (DELETE /game/bonuses/bonuscodes). */
  "remove-bonus-code": {
    icon: GiftIcon,
    danger: true,
    run: async (id) => {
      await bonusApi.deleteCode(id);
      await queryClient().invalidateQueries({ queryKey: BONUS_KEY });
    },
  },
};

/** `remove-bonus-code:42` → the action's name and its argument; unknown actions answer undefined. */
export function confirmRequest(
  value: string,
): { name: string; action: ConfirmAction; argument: string } | undefined {
  const at = value.indexOf(":");
  const name = at < 0 ? value : value.slice(0, at);
  const action = Object.hasOwn(CONFIRM_ACTIONS, name) ? CONFIRM_ACTIONS[name] : undefined;
  return action ? { name, action, argument: at < 0 ? "" : value.slice(at + 1) } : undefined;
}
