import { useId } from "react";
import { cardRank, cardSuit } from "#common/house-games";

const RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];
const SUITS = ["♠", "♥", "♦", "♣"];
const SUIT_NAMES = ["spades", "hearts", "diamonds", "clubs"];

/** A card's short name for people and tests: "10♥", "A♠". */
export const cardText = (card: number) => `${RANKS[cardRank(card)]}${SUITS[cardSuit(card)]}`;
export const cardLabel = (card: number) => `${RANKS[cardRank(card)]} of ${SUIT_NAMES[cardSuit(card)]}`;

/**
 * A playing card drawn in SVG (so it is crisp at any size and needs no images): corner indices, a large centre
 * suit, red for hearts and diamonds. `card` undefined draws the back (the dealer's hole card).
 */
export function PlayingCard({ card, className = "w-16 sm:w-20" }: { card?: number; className?: string }) {
  const patternId = useId();
  if (card === undefined)
    return (
      <svg
        viewBox="0 0 100 140"
        className={`${className} shrink-0 drop-shadow-[0_6px_10px_rgba(0,0,0,0.45)]`}
        data-testid="blackjack-card"
        data-card="hidden"
        role="img"
        aria-label="?"
      >
        <rect x="1" y="1" width="98" height="138" rx="9" fill="#f8fafc" />
        <rect x="6" y="6" width="88" height="128" rx="6" fill="#1e3a8a" />
        <pattern
          id={patternId}
          width="12"
          height="12"
          patternUnits="userSpaceOnUse"
          patternTransform="rotate(45)"
        >
          <rect width="12" height="12" fill="#1e3a8a" />
          <path d="M0 6h12M6 0v12" stroke="#3b82f6" strokeWidth="1.5" />
        </pattern>
        <rect x="11" y="11" width="78" height="118" rx="4" fill={`url(#${patternId})`} />
        <circle cx="50" cy="70" r="16" fill="#f59e0b" stroke="#fde68a" strokeWidth="3" />
        <path d="M50 60l4 7h-8zM50 80l-4-7h8z" fill="#78350f" />
      </svg>
    );
  const red = cardSuit(card) === 1 || cardSuit(card) === 2;
  const colour = red ? "#dc2626" : "#111827";
  const rank = RANKS[cardRank(card)]!;
  const suit = SUITS[cardSuit(card)]!;
  return (
    <svg
      viewBox="0 0 100 140"
      className={`${className} shrink-0 drop-shadow-[0_6px_10px_rgba(0,0,0,0.45)]`}
      data-testid="blackjack-card"
      data-card={cardText(card)}
      role="img"
      aria-label={cardLabel(card)}
    >
      <rect x="1" y="1" width="98" height="138" rx="9" fill="#fdfdfb" stroke="#d4d4d8" strokeWidth="1.5" />
      <g fill={colour} fontFamily="Inter, system-ui, sans-serif" fontWeight="800">
        <text x="10" y="28" fontSize={rank.length > 1 ? 22 : 26}>
          {rank}
        </text>
        <text x="10" y="50" fontSize="22">
          {suit}
        </text>
        <g transform="rotate(180 50 70)">
          <text x="10" y="28" fontSize={rank.length > 1 ? 22 : 26}>
            {rank}
          </text>
          <text x="10" y="50" fontSize="22">
            {suit}
          </text>
        </g>
        <text x="50" y="88" fontSize="52" textAnchor="middle">
          {suit}
        </text>
      </g>
    </svg>
  );
}
