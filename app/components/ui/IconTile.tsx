import { clsx } from "clsx";
import type { ComponentType, ReactNode } from "react";

/**
 * The rounded square (or circle) an icon sits in beside a title, in a row or above a message. Its sizes are the
 * kit's steps, so tiles line up from one screen to the next; its colours come from where it stands (`className`:
 * a quiet tile on a card is a step lighter than the card).
 */
const SIZES = {
  sm: "size-9 rounded-xl",
  md: "size-10 rounded-xl",
  lg: "size-12 rounded-2xl",
  xl: "size-14 rounded-2xl",
  "2xl": "size-16 rounded-2xl",
} as const;

export type IconTileSize = keyof typeof SIZES;

/** The icon's own size in each tile: about half the tile, so every tile has the same margin around its icon. */
const ICON_SIZES: Record<IconTileSize, number> = { sm: 18, md: 18, lg: 24, xl: 28, "2xl": 32 };

export function IconTile({
  size = "md",
  round = false,
  className,
  icon: Icon,
  children,
}: {
  size?: IconTileSize;
  /** A circle (a done tick), not a rounded square. */
  round?: boolean;
  className?: string;
  /** The kit's icon, drawn at the tile's icon size; or any `children` instead. */
  icon?: ComponentType<{ size?: number }>;
  children?: ReactNode;
}) {
  return (
    <span
      className={clsx("grid shrink-0 place-items-center", SIZES[size], round && "rounded-full", className)}
    >
      {Icon ? <Icon size={ICON_SIZES[size]} /> : children}
    </span>
  );
}
