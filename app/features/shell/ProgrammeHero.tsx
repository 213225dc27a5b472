import type { ReactNode } from "react";

const TONES = {
  accent: {
    band: "bg-[radial-gradient(ellipse_at_top_left,color-mix(in_oklab,var(--c-accent)_22%,transparent),transparent_60%),var(--c-surface)]",
    kicker: "text-accent",
  },
  gold: {
    band: "bg-[radial-gradient(ellipse_at_top_left,color-mix(in_oklab,var(--c-gold)_25%,transparent),transparent_60%),var(--c-surface)]",
    kicker: "text-gold",
  },
} as const;

/**
 * The heading band of a programme's page (loyalty, referral): a kicker, the title, a line of introduction and
 * the page's first action under them, on a glow in the programme's colour.
 */
export function ProgrammeHero({
  tone,
  kicker,
  title,
  intro,
  action,
}: {
  tone: keyof typeof TONES;
  kicker: ReactNode;
  title: ReactNode;
  intro: ReactNode;
  action?: ReactNode;
}) {
  return (
    <header
      className={`relative overflow-hidden rounded-card border border-line p-6 sm:p-8 ${TONES[tone].band}`}
    >
      <p className={`text-xs font-semibold tracking-[0.14em] uppercase ${TONES[tone].kicker}`}>{kicker}</p>
      <h1 className="mt-1 text-3xl font-extrabold tracking-tight sm:text-4xl">{title}</h1>
      <p className="mt-2 max-w-2xl text-muted">{intro}</p>
      {action}
    </header>
  );
}
