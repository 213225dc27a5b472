import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { clsx } from "clsx";

/**
 * A menu that drops from a header button (the player's account menu, the balance's accounts): Radix
 * DropdownMenu, so it traps and returns focus, moves with arrow keys, closes on Escape, outside presses and a
 * chosen item, and keeps inside the viewport.
 */
export const Menu = DropdownMenu.Root;
export const MenuTrigger = DropdownMenu.Trigger;
export const MenuItem = DropdownMenu.Item;
export const MenuRadioGroup = DropdownMenu.RadioGroup;
export const MenuRadioItem = DropdownMenu.RadioItem;

export function MenuContent({ className, ...props }: DropdownMenu.DropdownMenuContentProps) {
  return (
    <DropdownMenu.Portal>
      <DropdownMenu.Content
        align="end"
        sideOffset={8}
        collisionPadding={12}
        className={clsx(
          "z-40 rounded-2xl border border-line bg-surface p-2 shadow-[0_24px_60px_-20px_rgba(0,0,0,0.7)]",
          className,
        )}
        {...props}
      />
    </DropdownMenu.Portal>
  );
}

/** An item's look: a full-width row that lights up when pointed at or reached with the keyboard. */
export const menuItemClass =
  "flex w-full cursor-pointer items-center outline-none transition-colors hover:bg-surface-2 data-[highlighted]:bg-surface-2";
