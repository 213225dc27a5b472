import { useId } from "react";
import { BRAND } from "./brand";

/**
 * The emblem: an anchor on a sea-green tile with a gold spark, the harbour where luck comes in. The same
 * drawing is public/favicon.svg.
 */
export function Emblem({ size = 36, className }: { size?: number; className?: string }) {
  // Unique per instance: a hidden copy's gradient would otherwise blank out the visible one.
  const gradient = `lh-tile-${useId().replace(/:/g, "")}`;
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 32 32"
      className={className}
      aria-hidden="true"
      focusable="false"
    >
      <defs>
        <linearGradient id={gradient} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#2be38c" />
          <stop offset="1" stopColor="#0b8f7a" />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="9" fill={`url(#${gradient})`} />
      <g fill="none" stroke="#fff" strokeWidth="2.3" strokeLinecap="round" strokeLinejoin="round">
        <circle cx="16" cy="8.2" r="2.4" />
        <path d="M16 10.6V25.5M11.2 14.2h9.6" />
        <path d="M8.4 18.6c0 4.6 3.4 6.9 7.6 6.9s7.6-2.3 7.6-6.9" />
        <path d="M6.6 20.6 8.4 17.9l2.1 2.3M25.4 20.6l-1.8-2.7-2.1 2.3" />
      </g>
      <path d="M25.5 2.6l.9 2.7 2.7.9-2.7.9-.9 2.7-.9-2.7-2.7-.9 2.7-.9z" fill="#f6c451" />
    </svg>
  );
}

/**
 * Emblem and wordmark; the wordmark hides itself where `compact` asks for the emblem alone. `responsive` is the
 * header's: the 32px emblem alone below 528px, the 36px one with the wordmark from there, one drawing for both.
 */
export function Logo({
  compact = false,
  size = 36,
  responsive = false,
}: {
  compact?: boolean;
  size?: number;
  responsive?: boolean;
}) {
  const [first, second] = BRAND.wordmark;
  return (
    <span className="inline-flex items-center gap-2.5">
      <Emblem
        size={size}
        className={`shrink-0 drop-shadow-[0_4px_14px_rgba(34,211,124,0.35)] ${responsive ? "max-[527px]:size-8" : ""}`}
      />
      <span
        className={`${compact ? "sr-only" : responsive ? "max-[527px]:sr-only" : ""} text-[1.05rem] leading-none font-extrabold tracking-tight whitespace-nowrap uppercase`}
      >
        {first}
        <span className="text-gold"> {second}</span>
      </span>
    </span>
  );
}
