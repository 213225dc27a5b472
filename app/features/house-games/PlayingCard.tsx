import { useTranslation } from "react-i18next";
import { RANKS, rankOf, type Suit, suitOf } from "#common/house-games";

/** The four suits as shapes (viewBox 0 0 100 100), drawn rather than typed so every platform shows the same. */
export function SuitArt({ suit, className }: { suit: Suit; className?: string }) {
  const fill = suit === "hearts" || suit === "diamonds" ? "#e11d48" : "#111827";
  return (
    <svg viewBox="0 0 100 100" className={className} aria-hidden="true">
      {suit === "hearts" && (
        <path
          fill={fill}
          d="M50 90C20 66 6 50 6 31 6 17 17 7 30 7c10 0 16 6 20 14 4-8 10-14 20-14 13 0 24 10 24 24 0 19-14 35-44 59z"
        />
      )}
      {suit === "diamonds" && <path fill={fill} d="M50 4 86 50 50 96 14 50z" />}
      {suit === "spades" && (
        <path
          fill={fill}
          d="M50 6C38 27 8 40 8 61c0 13 11 21 23 19 8-1 13-6 15-10-1 10-5 18-13 24h34c-8-6-12-14-13-24 2 4 7 9 15 10 12 2 23-6 23-19C92 40 62 27 50 6z"
        />
      )}
      {suit === "clubs" && (
        <g fill={fill}>
          <circle cx="50" cy="28" r="19" />
          <circle cx="27" cy="58" r="19" />
          <circle cx="73" cy="58" r="19" />
          <path d="M45 55c0 20-4 30-12 39h34c-8-9-12-19-12-39z" />
        </g>
      )}
    </svg>
  );
}

/**
 * A playing card (cards.ts numbering), face up or down; turning it over flips it in 3D. `size` sets its width
 * through the font size, so corners and pips scale together.
 */
export function PlayingCard({
  card,
  faceUp = true,
  className = "",
  dim,
}: {
  /** Undefined: a card not dealt yet, always face down. */
  card?: number;
  faceUp?: boolean;
  className?: string;
  dim?: boolean;
}) {
  const { t } = useTranslation("layout");
  const shown = faceUp && card !== undefined;
  const suit = card !== undefined ? suitOf(card) : "spades";
  const rank = card !== undefined ? RANKS[rankOf(card)] : "";
  const red = suit === "hearts" || suit === "diamonds";
  return (
    <div
      role="img"
      aria-label={
        shown
          ? t("houseGames.cards.card", { rank, suit: t(`houseGames.cards.${suit}`) })
          : t("houseGames.cards.back")
      }
      data-card={shown ? card : undefined}
      className={`relative aspect-[5/7] [perspective:600px] ${className}`}
    >
      <div
        className="absolute inset-0 transition-transform duration-300 [transform-style:preserve-3d]"
        style={{ transform: shown ? undefined : "rotateY(180deg)" }}
      >
        <div
          className={`absolute inset-0 flex flex-col justify-between rounded-[0.6em] border border-black/10 bg-white p-[0.35em] shadow-[0_0.4em_1em_-0.3em_rgba(0,0,0,0.6)] [backface-visibility:hidden] ${dim ? "opacity-45" : ""} ${red ? "text-[#e11d48]" : "text-[#111827]"}`}
        >
          <span className="flex w-[1.3em] flex-col items-center leading-none">
            <span className="text-[1.05em] font-black tracking-tighter">{rank}</span>
            <SuitArt suit={suit} className="mt-[0.1em] size-[0.8em]" />
          </span>
          <SuitArt suit={suit} className="mx-auto size-[2.2em]" />
          <span className="flex w-[1.3em] rotate-180 flex-col items-center self-end leading-none">
            <span className="text-[1.05em] font-black tracking-tighter">{rank}</span>
            <SuitArt suit={suit} className="mt-[0.1em] size-[0.8em]" />
          </span>
        </div>
        <div className="absolute inset-0 rounded-[0.6em] border-[0.2em] border-white bg-[repeating-linear-gradient(45deg,var(--c-accent-2)_0_0.3em,color-mix(in_oklab,var(--c-accent-2)_60%,#000)_0.3em_0.6em)] shadow-[0_0.4em_1em_-0.3em_rgba(0,0,0,0.6)] [backface-visibility:hidden] [transform:rotateY(180deg)]" />
      </div>
    </div>
  );
}
