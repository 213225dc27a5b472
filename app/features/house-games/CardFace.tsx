import { baccaratCard, type CardSuit } from "#common/house-games";

const SUIT_GLYPH: Record<CardSuit, string> = { spades: "♠", hearts: "♥", diamonds: "♦", clubs: "♣" };
const RED = new Set<CardSuit>(["hearts", "diamonds"]);

/**
 * A playing card drawn in SVG (index 0–51, see `baccaratCard`): corner indices, and a large suit or the face's
 * letter in the middle. Face down shows the back. Sized by its container's width (5:7).
 */
export function CardFace({
  index,
  faceDown,
  label,
  className = "",
}: {
  index: number;
  faceDown?: boolean;
  /** The accessible name (e.g. "Queen of hearts"); the picture alone says nothing to a screen reader. */
  label?: string;
  className?: string;
}) {
  const { rank, suit } = baccaratCard(index);
  const color = RED.has(suit) ? "#d62839" : "#111827";
  const glyph = SUIT_GLYPH[suit];
  const face = rank === "J" || rank === "Q" || rank === "K";
  return (
    <svg
      viewBox="0 0 100 140"
      role="img"
      aria-label={label}
      aria-hidden={label ? undefined : true}
      data-card={faceDown ? "back" : `${rank}${glyph}`}
      className={`block h-auto drop-shadow-[0_6px_10px_rgba(0,0,0,0.45)] ${className}`}
    >
      {faceDown ? (
        <>
          <rect x="1" y="1" width="98" height="138" rx="9" fill="#f8fafc" />
          <rect x="7" y="7" width="86" height="126" rx="6" fill="#1d4ed8" />
          <path
            d="M7 20 L20 7 M7 40 L40 7 M7 60 L60 7 M7 80 L80 7 M7 100 L93 14 M7 120 L93 34 M14 133 L93 54 M34 133 L93 74 M54 133 L93 94 M74 133 L93 114"
            stroke="#93c5fd"
            strokeOpacity="0.45"
            strokeWidth="3"
          />
          <rect x="7" y="7" width="86" height="126" rx="6" fill="none" stroke="#bfdbfe" strokeWidth="2" />
        </>
      ) : (
        <>
          <rect
            x="1"
            y="1"
            width="98"
            height="138"
            rx="9"
            fill="#fdfdfb"
            stroke="#cbd5e1"
            strokeWidth="1.5"
          />
          <g fill={color} fontFamily="Georgia, 'Times New Roman', serif" fontWeight="700">
            <text x="9" y="25" fontSize={rank === "10" ? 19 : 22}>
              {rank}
            </text>
            <text x="10" y="44" fontSize="18">
              {glyph}
            </text>
            <g transform="rotate(180 50 70)">
              <text x="9" y="25" fontSize={rank === "10" ? 19 : 22}>
                {rank}
              </text>
              <text x="10" y="44" fontSize="18">
                {glyph}
              </text>
            </g>
            {face ? (
              <>
                <rect
                  x="26"
                  y="32"
                  width="48"
                  height="76"
                  rx="5"
                  fill={color}
                  fillOpacity="0.08"
                  stroke={color}
                  strokeWidth="1.5"
                />
                <text x="50" y="82" fontSize="40" textAnchor="middle">
                  {rank}
                </text>
                <text x="50" y="102" fontSize="16" textAnchor="middle">
                  {glyph}
                </text>
              </>
            ) : (
              <text x="50" y="86" fontSize={rank === "A" ? 52 : 42} textAnchor="middle">
                {glyph}
              </text>
            )}
          </g>
        </>
      )}
    </svg>
  );
}
