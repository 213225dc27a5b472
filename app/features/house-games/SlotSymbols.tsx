import type { SlotSymbol } from "#common/house-games";

/** The slot's symbols, drawn as SVG on a 100×100 grid (generated art: nothing to load, crisp at any size). */
export function SlotSymbolArt({ symbol }: { symbol: SlotSymbol }) {
  return (
    <svg viewBox="0 0 100 100" className="size-full" aria-hidden="true">
      {ART[symbol]}
    </svg>
  );
}

/** A two-colour fill, top to bottom (or corner to corner), for a symbol to name by its id. */
function Gradient({ id, from, to, diagonal }: { id: string; from: string; to: string; diagonal?: boolean }) {
  return (
    <defs>
      <linearGradient id={id} x1="0" y1="0" x2={diagonal ? "1" : "0"} y2="1">
        <stop offset="0" stopColor={from} />
        <stop offset="1" stopColor={to} />
      </linearGradient>
    </defs>
  );
}

/** A symbol's word (WILD, BAR), centred across the tile. */
function Label({ y, size, fill, children }: { y: number; size: number; fill: string; children: string }) {
  return (
    <text
      x="50"
      y={y}
      textAnchor="middle"
      fontSize={size}
      fontWeight="900"
      fill={fill}
      fontFamily="system-ui"
    >
      {children}
    </text>
  );
}

const ART: Record<SlotSymbol, React.ReactNode> = {
  wild: (
    <>
      <Gradient id="sw" from="#c9a2ff" to="#6a3cf0" diagonal />
      <path
        d="M50 8l11 26 28 3-21 19 6 28-24-14-24 14 6-28-21-19 28-3z"
        fill="url(#sw)"
        stroke="#f6c451"
        strokeWidth="3"
      />
      <Label y={62} size={20} fill="#fff">
        WILD
      </Label>
    </>
  ),
  seven: (
    <>
      <Gradient id="s7" from="#ff7a86" to="#d41c35" />
      <path
        d="M22 18h58v12L52 86H34l28-52H22z"
        fill="url(#s7)"
        stroke="#7a0a19"
        strokeWidth="3"
        strokeLinejoin="round"
      />
    </>
  ),
  bar: (
    <>
      <rect x="10" y="30" width="80" height="40" rx="8" fill="#1c2440" stroke="#f6c451" strokeWidth="4" />
      <Label y={60} size={26} fill="#f6c451">
        BAR
      </Label>
    </>
  ),
  bell: (
    <>
      <path
        d="M50 14c-17 0-26 14-26 32v16l-8 10h68l-8-10V46c0-18-9-32-26-32z"
        fill="#f6c451"
        stroke="#a36d00"
        strokeWidth="3"
      />
      <circle cx="50" cy="80" r="7" fill="#a36d00" />
      <path d="M36 40c2-8 7-13 14-14" stroke="#fff3c4" strokeWidth="4" fill="none" strokeLinecap="round" />
    </>
  ),
  cherry: (
    <>
      <path
        d="M34 62C40 40 52 24 72 14M64 64C64 44 68 28 72 14"
        stroke="#3f8f3a"
        strokeWidth="4"
        fill="none"
      />
      <circle cx="32" cy="68" r="16" fill="#e0253e" />
      <circle cx="64" cy="70" r="16" fill="#c81d34" />
      <circle cx="27" cy="62" r="4" fill="#ff9aa6" />
      <circle cx="59" cy="64" r="4" fill="#ff9aa6" />
    </>
  ),
  plum: (
    <>
      <ellipse cx="50" cy="56" rx="28" ry="32" fill="#7b3fc4" />
      <path d="M50 26c0-6 4-12 12-14" stroke="#3f8f3a" strokeWidth="4" fill="none" />
      <ellipse cx="40" cy="46" rx="6" ry="10" fill="#b98cf2" />
    </>
  ),
  orange: (
    <>
      <circle cx="50" cy="54" r="30" fill="#ff9526" />
      <path d="M50 24c4-6 12-9 18-8-3 7-10 10-18 8z" fill="#3f8f3a" />
      <circle cx="40" cy="44" r="6" fill="#ffc98a" />
    </>
  ),
  lemon: (
    <>
      <ellipse cx="50" cy="54" rx="32" ry="24" fill="#ffe14d" stroke="#d9b300" strokeWidth="3" />
      <ellipse cx="40" cy="46" rx="8" ry="5" fill="#fff6b8" />
    </>
  ),
};
