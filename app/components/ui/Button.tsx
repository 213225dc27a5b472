import { clsx } from "clsx";
import type { ButtonHTMLAttributes } from "react";

/**
 * The site's buttons, as one set of classes so every call to action looks alike. `primary` is the accent
 * button (one per screen, the thing to do next), `secondary` the outlined one beside it, `ghost` a quiet
 * action in a list or toolbar. Links that look like buttons take `buttonClass` on their own element.
 */
export type ButtonVariant = "primary" | "secondary" | "ghost";
export type ButtonSize = "sm" | "md" | "lg";

const VARIANTS: Record<ButtonVariant, string> = {
  primary: "bg-accent font-bold text-accent-fg hover:brightness-110",
  secondary: "border border-line font-semibold hover:bg-surface-2",
  ghost: "font-semibold text-muted hover:bg-surface-2 hover:text-fg",
};

const SIZES: Record<ButtonSize, string> = {
  sm: "h-10 px-4 text-sm",
  md: "h-11 px-5 text-sm",
  lg: "h-12 px-6 text-[0.95rem]",
};

export function buttonClass(
  variant: ButtonVariant = "primary",
  size: ButtonSize = "md",
  ...extra: (string | false | undefined)[]
): string {
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
}

/** A button of the kit; `type` is "button" unless it submits a form. */
export function Button({ variant, size, className, type = "button", ...rest }: ButtonProps) {
  return <button type={type} className={buttonClass(variant, size, className)} {...rest} />;
}

/** A square button holding only an icon (close, menu, scroll): quiet until pointed at. */
export function iconButtonClass(size: "sm" | "md" = "md", ...extra: (string | false | undefined)[]): string {
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
