import type { ReactNode } from "react";

/** A titled box of the back office (a form, a list, a player's page part). */
export function Panel({
  title,
  children,
  actions,
  testId,
}: {
  title: string;
  children: ReactNode;
  actions?: ReactNode;
  testId?: string;
}) {
  return (
    <section data-testid={testId} className="rounded-2xl border border-line bg-surface p-4 sm:p-5">
      <header className="mb-3 flex items-center justify-between gap-3">
        <h2 className="text-base font-bold">{title}</h2>
        {actions}
      </header>
      {children}
    </section>
  );
}
