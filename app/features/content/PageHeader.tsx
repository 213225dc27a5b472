import type { ReactNode } from "react";

/** The heading band of a help screen: title, a line of introduction, optional extras below. */
export function PageHeader({
  title,
  intro,
  children,
}: {
  title: string;
  intro?: string;
  children?: ReactNode;
}) {
  return (
    <header className="mb-6 sm:mb-8">
      <h1 className="text-3xl font-extrabold tracking-tight text-balance sm:text-4xl">{title}</h1>
      {intro ? <p className="mt-2 max-w-2xl text-base leading-relaxed text-muted">{intro}</p> : null}
      {children}
    </header>
  );
}

/** Dims a screen while the router loads the next one, so a slow answer never looks like a dead click. */
export function Pending({ pending, children }: { pending: boolean; children: ReactNode }) {
  return (
    <div
      aria-busy={pending}
      className={pending ? "opacity-60 transition-opacity delay-150" : "transition-opacity"}
    >
      {children}
    </div>
  );
}
