import { rouletteColor } from "#common/house-games";

/** The wheel's colours, as the table, the wheel and the verified spin paint them. */
export const POCKET_FILL = { red: "#c8283f", black: "#181b24", green: "#138a4c" } as const;

/** A pocket as a square of its colour with its number on it: the spin's result, in the game and on the check. */
export function PocketSquare({ pocket, className }: { pocket: number; className: string }) {
  return (
    <span
      className={`grid place-items-center font-mono font-black text-white ${className}`}
      style={{ background: POCKET_FILL[rouletteColor(pocket)] }}
    >
      {pocket}
    </span>
  );
}
