import { lazy, Suspense } from "react";
import { Outlet } from "react-router";
import { ErrorPage } from "~/features/shell/ErrorPage";
import { Shell } from "~/features/shell/Shell";
import { useRootData } from "~/root";
import type { Route } from "./+types/default";

// Only a visitor from a restricted country sees this layout: no one else's first paint carries it (issue 41).
const GeoRestrictedLayout = lazy(() =>
  import("./geo-restricted").then((m) => ({ default: m.GeoRestricted })),
);
const Restricted = ({ error }: { error?: unknown }) => (
  <Suspense fallback={null}>
    <GeoRestrictedLayout error={error} />
  </Suspense>
);

/** Spec point 2: the geo-restricted layout replaces the default one for a visitor from a restricted country. */
export default function DefaultLayout() {
  const root = useRootData();
  if (root?.init.isRestricted) return <Restricted />;
  return (
    <Shell>
      <Outlet />
    </Shell>
  );
}

/** A page that failed renders the error page inside the header and footer. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const root = useRootData();
  if (root?.init.isRestricted) return <Restricted error={error} />;
  return (
    <Shell>
      <ErrorPage error={error} />
    </Shell>
  );
}
