import * as RadixTabs from "@radix-ui/react-tabs";
import { clsx } from "clsx";
import type { ReactNode } from "react";

export interface TabItem<T extends string> {
  value: T;
  label: ReactNode;
  icon?: ReactNode;
  testId?: string;
}

/**
 * A row of tabs that switches what the screen below shows (sign-up by e-mail or phone, deposit or withdraw,
 * all or crypto currencies): Radix Tabs, so arrow keys move between them and screen readers hear a tab list.
 * The panels are the caller's; only the choice lives here.
 */
export function Tabs<T extends string>({
  value,
  onChange,
  items,
  label,
  size = "md",
  className,
}: {
  /** The chosen tab; undefined chooses none yet. */
  value: T | undefined;
  onChange: (value: T) => void;
  items: readonly TabItem<T>[];
  /** What the tabs choose, for screen readers. */
  label?: string;
  size?: "sm" | "md";
  className?: string;
}) {
  return (
    <RadixTabs.Root value={value ?? ""} onValueChange={(v) => onChange(v as T)} activationMode="manual">
      <RadixTabs.List
        aria-label={label}
        className={clsx("flex gap-1 rounded-xl bg-surface-2 p-1", className)}
      >
        {items.map((item) => (
          <RadixTabs.Trigger
            key={item.value}
            value={item.value}
            data-testid={item.testId}
            className={clsx(
              "flex flex-1 items-center justify-center gap-2 rounded-lg text-sm font-semibold transition-colors",
              "text-muted hover:text-fg data-[state=active]:bg-surface data-[state=active]:text-fg data-[state=active]:shadow-sm",
              size === "sm" ? "h-9" : "h-10",
            )}
          >
            {item.icon}
            {item.label}
          </RadixTabs.Trigger>
        ))}
      </RadixTabs.List>
    </RadixTabs.Root>
  );
}
