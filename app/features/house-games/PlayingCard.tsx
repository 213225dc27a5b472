import { useId } from "react";
import { RANKS, rankOf, type Suit, suitOf } from "#common/house-games";
import { useTranslation } from "~/lib/i18n-react";

const SUIT_PATHS: Record<Suit, string[]> = {
  hearts: [
    "M50 90C20 66 6 50 6 31 6 17 17 7 30 7c10 0 16 6 20 14 4-8 10-14 20-14 13 0 24 10 24 24 0 19-14 35-44 59z",
  ],
  diamonds: ["M50 4 86 50 50 96 14 50z"],
  spades: [
    "M50 6C38 27 8 40 8 61c0 13 11 21 23 19 8-1 13-6 15-10-1 10-5 18-13 24h34c-8-6-12-14-13-24 2 4 7 9 15 10 12 2 23-6 23-19C92 40 62 27 50 6z",
  ],
  clubs: [
    "M50 9a19 19 0 1 1 0 38 19 19 0 1 1 0-38z",
    "M27 39a19 19 0 1 1 0 38 19 19 0 1 1 0-38z",
    "M73 39a19 19 0 1 1 0 38 19 19 0 1 1 0-38z",
    "M45 55c0 20-4 30-12 39h34c-8-9-12-19-12-39z",
  ],
};
const isRed = (suit: Suit) => suit === "hearts" || suit === "diamonds";

/** A suit as a shape in a `size`-wide square at (x, y) of the card (drawn, so every platform shows the same). */
function SuitShape({ suit, x, y, size }: { suit: Suit; x: number; y: number; size: number }) {
  return (
    <svg x={x} y={y} width={size} height={size} viewBox="0 0 100 100" aria-hidden="true">
      {SUIT_PATHS[suit].map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}

/**
 * The one playing card of every card game: a card number in the shared numbering (common/house-games/cards.ts;
 * a six-deck shoe's 0–311 read mod 52), face up or down; turning it over flips it in 3D. Drawn in SVG on a
 * 100 × 140 grid, so it is as wide as its class or its container makes it and crisp at any size.
 */
export function PlayingCard({
  card,
  faceUp = true,
  dim,
  className = "",
  testId,
}: {
  /** Undefined: a card not dealt yet (the dealer's hole card, the deck), always face down. */
  card?: number;
  faceUp?: boolean;
  /** A card that did not count (a losing video-poker hand). */
  dim?: boolean;
  className?: string;
  testId?: string;
}) {
  const { t } = useTranslation("layout");
  const backPattern = useId();
  const shown = faceUp && card !== undefined;
  const suit = card !== undefined ? suitOf(card) : "spades";
  const rank = card !== undefined ? RANKS[rankOf(card)]! : "";
  return (
    <div
      role="img"
      aria-label={
        shown
          ? t("houseGames.cards.card", {
              rank: t(`houseGames.cards.ranks.${rank}`),
              suit: t(`houseGames.cards.${suit}`),
            })
          : t("houseGames.cards.back")
      }
      data-testid={testId}
      data-card={shown ? card : undefined}
      className={`relative aspect-[5/7] shrink-0 [perspective:600px] ${className}`}
    >
      <div
        className="absolute inset-0 transition-transform duration-300 [transform-style:preserve-3d]"
        style={{ transform: shown ? undefined : "rotateY(180deg)" }}
      >
        <svg
          viewBox="0 0 100 140"
          aria-hidden="true"
          className={`absolute inset-0 size-full drop-shadow-[0_6px_10px_rgba(0,0,0,0.45)] [backface-visibility:hidden] ${dim ? "opacity-45" : ""}`}
        >
          <rect
            x="1"
            y="1"
            width="98"
            height="138"
            rx="9"
            fill="#fdfdfb"
            stroke="#d4d4d8"
            strokeWidth="1.5"
          />
          <g fill={isRed(suit) ? "#e11d48" : "#111827"}>
            {[0, 180].map((angle) => (
              <g key={angle} transform={`rotate(${angle} 50 70)`}>
                <text
                  x="17"
                  y="29"
                  fontSize={rank.length > 1 ? 21 : 25}
                  fontWeight="900"
                  textAnchor="middle"
                  fontFamily="Inter, system-ui, sans-serif"
                  letterSpacing="-1"
                >
                  {rank}
                </text>
                <SuitShape suit={suit} x={8} y={34} size={18} />
              </g>
            ))}
            <SuitShape suit={suit} x={26} y={46} size={48} />
          </g>
        </svg>
        <svg
          viewBox="0 0 100 140"
          aria-hidden="true"
          className="absolute inset-0 size-full drop-shadow-[0_6px_10px_rgba(0,0,0,0.45)] [backface-visibility:hidden] [transform:rotateY(180deg)]"
        >
          <defs>
            <pattern
              id={backPattern}
              width="12"
              height="12"
              patternUnits="userSpaceOnUse"
              patternTransform="rotate(45)"
            >
              <rect width="12" height="12" fill="var(--c-accent-2, #1e3a8a)" />
              <path d="M0 6h12M6 0v12" stroke="#fff" strokeOpacity="0.25" strokeWidth="1.5" />
            </pattern>
          </defs>
          <rect x="1" y="1" width="98" height="138" rx="9" fill="#f8fafc" />
          <rect x="6" y="6" width="88" height="128" rx="6" fill={`url(#${backPattern})`} />
          <circle cx="50" cy="70" r="15" fill="#f59e0b" stroke="#fde68a" strokeWidth="3" />
          <path d="M50 60l4 7h-8zM50 80l-4-7h8z" fill="#78350f" />
        </svg>
      </div>
    </div>
  );
}
