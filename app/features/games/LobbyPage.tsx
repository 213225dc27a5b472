import type { ReactNode } from "react";

/** The frame of every lobby screen: the title band, then the screen's sections. */
export function LobbyPage({
  title,
  intro,
  children,
  testId,
}: {
  title: ReactNode;
  intro?: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <div
      className="mx-auto flex w-full max-w-7xl flex-col gap-8 px-4 py-5 sm:px-6 sm:py-8"
      data-testid={testId}
    >
      <header>
        <h1 className="text-2xl font-extrabold tracking-tight text-balance sm:text-3xl">{title}</h1>
        {intro && <p className="mt-1.5 max-w-2xl text-muted">{intro}</p>}
      </header>
      {children}
    </div>
  );
}
