import { type ClassValue, clsx } from "clsx";
import type { ButtonHTMLAttributes, Ref } from "react";

/**
 * The site's buttons, as one set of classes so every call to action looks alike. `primary` is the accent
 * button (one per screen, the thing to do next), `secondary` the outlined one beside it, `ghost` a quiet
 * action in a list or toolbar. Links that look like buttons take `buttonClass` on their own element.
 */
export type ButtonVariant = "primary" | "secondary" | "ghost" | "danger" | "link" | "inline";
export type ButtonSize = "xs" | "sm" | "md" | "lg";

const VARIANTS: Record<ButtonVariant, string> = {
  primary: "bg-accent font-bold text-accent-fg hover:brightness-110",
  secondary: "border border-line font-semibold hover:border-muted hover:bg-surface-2",
  ghost: "font-semibold text-muted hover:bg-surface-2 hover:text-fg",
  /** Something that cannot be taken back (delete, close the account, log out everywhere). */
  danger: "border border-danger/50 font-semibold text-danger hover:bg-danger/10",
  /** An action inside a sentence or under a field ("Resend", "Retry"): text only, no box. */
  link: "font-semibold text-accent hover:underline disabled:text-muted disabled:no-underline",
  /** An action inside a notice, in the notice's own colour ("Could not load. Retry"). */
  inline: "font-semibold underline hover:no-underline",
};

const SIZES: Record<ButtonSize, string> = {
  xs: "h-8 px-3 text-xs",
  sm: "h-10 px-4 text-sm",
  md: "h-11 px-5 text-sm",
  lg: "h-12 px-6 text-[0.95rem]",
};

export function buttonClass(
  variant: ButtonVariant = "primary",
  size: ButtonSize = "md",
  ...extra: ClassValue[]
): string {
  // A link-like button keeps the line's height and size: it sits in text.
  if (variant === "link" || variant === "inline")
    return clsx(
      "inline-flex items-center gap-1 transition disabled:cursor-default",
      VARIANTS[variant],
      ...extra,
    );
  return clsx(
    "inline-flex items-center justify-center gap-2 rounded-xl transition disabled:cursor-not-allowed disabled:opacity-60",
    VARIANTS[variant],
    SIZES[size],
    ...extra,
  );
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Busy while its action runs: a spinner beside the label, pressed no more until done. */
  busy?: boolean;
  ref?: Ref<HTMLButtonElement>;
}

/** A button of the kit; `type` is "button" unless it submits a form. */
export function Button({
  variant,
  size,
  busy,
  className,
  type = "button",
  disabled,
  children,
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      className={buttonClass(variant, size, className)}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      {...rest}
    >
      {busy && <Spinner />}
      {children}
    </button>
  );
}

/** A small turning circle in the colour of the text around it: something is on its way. */
export function Spinner({ className = "" }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={`size-4 animate-spin rounded-full border-2 border-current/30 border-t-current ${className}`}
    />
  );
}

/**
 * A control that is pressed but is not a call to action: a tile, a row of a list, a game's cell, a carousel's
 * dot, a sheet's backdrop. It has the kit's button behaviour (type "button", the keyboard's focus ring) and
 * leaves the shape to the caller, for what the variants above do not draw.
 */
export function Pressable({
  className,
  type = "button",
  ...rest
}: ButtonHTMLAttributes<HTMLButtonElement> & { ref?: Ref<HTMLButtonElement> }) {
  return <button type={type} className={clsx("focus-ring", className)} {...rest} />;
}

/** A pill that is on or off (a filter, a preset amount, a choice among few): `selected` is said as pressed. */
export function Chip({
  selected,
  className,
  type = "button",
  ...rest
}: ButtonHTMLAttributes<HTMLButtonElement> & { selected?: boolean }) {
  return (
    <button
      type={type}
      aria-pressed={selected}
      className={clsx(
        "inline-flex h-9 items-center justify-center gap-1.5 rounded-full border px-3.5 text-sm font-semibold transition disabled:opacity-50",
        selected
          ? "border-accent bg-accent/10 text-fg"
          : "border-line text-muted hover:border-muted hover:text-fg",
        className,
      )}
      {...rest}
    />
  );
}

/** A square button holding only an icon (close, menu, scroll): quiet until pointed at. */
export function iconButtonClass(size: "sm" | "md" = "md", ...extra: ClassValue[]): string {
  return clsx(
    "grid shrink-0 place-items-center rounded-xl text-muted transition-colors hover:bg-surface-2 hover:text-fg",
    size === "sm" ? "size-9" : "size-10",
    ...extra,
  );
}

/** An icon-only button; `label` is what screen readers say, since there is no text to read. */
export function IconButton({
  label,
  size,
  className,
  type = "button",
  ...rest
}: Omit<ButtonHTMLAttributes<HTMLButtonElement>, "aria-label"> & { label: string; size?: "sm" | "md" }) {
  return <button type={type} aria-label={label} className={iconButtonClass(size, className)} {...rest} />;
}
