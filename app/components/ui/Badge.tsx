import { clsx } from "clsx";
import type { ReactNode } from "react";

export type BadgeTone = "ok" | "warn" | "danger" | "info" | "neutral";

const TONES: Record<BadgeTone, string> = {
  ok: "border-accent/40 bg-accent/10 text-accent",
  warn: "border-gold/40 bg-gold/10 text-gold",
  danger: "border-danger/40 bg-danger/10 text-danger",
  info: "border-accent-2/40 bg-accent-2/10 text-accent-2",
  neutral: "border-line bg-surface-2 text-muted",
};

/** A short status beside a thing (verified, pending, 3 new): a pill in the tone of what it says. */
export function Badge({
  tone = "neutral",
  size = "md",
  children,
  className,
  testId,
}: {
  tone?: BadgeTone;
  /** `sm` inside a line of text or a table cell. */
  size?: "sm" | "md";
  children: ReactNode;
  className?: string;
  testId?: string;
}) {
  return (
    <span
      data-testid={testId}
      className={clsx(
        "inline-flex shrink-0 items-center gap-1.5 rounded-full border font-bold whitespace-nowrap",
        size === "sm" ? "h-5 px-2 text-[0.7rem]" : "h-7 px-2.5 text-xs",
        TONES[tone],
        className,
      )}
    >
      {children}
    </span>
  );
}
