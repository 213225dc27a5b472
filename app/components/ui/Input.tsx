import { type ClassValue, clsx } from "clsx";
import type { InputHTMLAttributes, Ref, SelectHTMLAttributes, TextareaHTMLAttributes } from "react";
import { ChevronDownIcon } from "./page-icons";

/**
 * The site's text controls: one box for an input, a select and a text area, so a form reads as one. `invalid`
 * draws the danger border (and says aria-invalid); the label, hint and error around it are FormField's.
 */
export function controlClass(
  { invalid = false, size = "md" }: { invalid?: boolean; size?: "sm" | "md" } = {},
  ...extra: ClassValue[]
): string {
  return clsx(
    "w-full rounded-xl border bg-bg/60 text-fg outline-none transition placeholder:text-muted/70 focus:border-accent focus:ring-2 focus:ring-accent/25 disabled:opacity-60",
    size === "sm" ? "h-11 px-3 text-sm" : "h-12 px-4 text-[0.95rem]",
    invalid ? "border-danger" : "border-line",
    ...extra,
  );
}

interface ControlProps {
  invalid?: boolean;
  /** `sm` for filter bars and table rows, `md` (the default) for forms. */
  controlSize?: "sm" | "md";
}

export function Input({
  invalid,
  controlSize,
  className,
  type = "text",
  ...rest
}: InputHTMLAttributes<HTMLInputElement> & ControlProps & { ref?: Ref<HTMLInputElement> }) {
  return (
    <input
      type={type}
      aria-invalid={invalid || undefined}
      className={controlClass({ invalid, size: controlSize }, className)}
      {...rest}
    />
  );
}

/** A text of several lines (a message to support, a reason). */
export function Textarea({
  invalid,
  className,
  rows = 4,
  ...rest
}: TextareaHTMLAttributes<HTMLTextAreaElement> & ControlProps & { ref?: Ref<HTMLTextAreaElement> }) {
  return (
    <textarea
      rows={rows}
      aria-invalid={invalid || undefined}
      className={controlClass({ invalid }, "h-auto py-3 leading-relaxed", className)}
      {...rest}
    />
  );
}

/**
 * A choice among a list: the browser's own select (it is the best picker on a phone and what screen readers
 * know), drawn like the inputs with the kit's chevron.
 */
export function Select({
  invalid,
  controlSize,
  className,
  ...rest
}: SelectHTMLAttributes<HTMLSelectElement> & ControlProps & { ref?: Ref<HTMLSelectElement> }) {
  return (
    <span className={clsx("relative block", className)}>
      <select
        aria-invalid={invalid || undefined}
        className={controlClass({ invalid, size: controlSize }, "cursor-pointer appearance-none pr-10")}
        {...rest}
      />
      <ChevronDownIcon
        size={18}
        className="pointer-events-none absolute top-1/2 right-3 -translate-y-1/2 text-muted"
      />
    </span>
  );
}
