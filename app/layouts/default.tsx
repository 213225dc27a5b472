import { Outlet } from "react-router";
import { ErrorPage } from "~/features/shell/ErrorPage";
import { Shell } from "~/features/shell/Shell";
import { parts } from "~/parts";
import { useRootData } from "~/root";
import type { Route } from "./+types/default";

const GeoRestricted = parts["geo-restricted"].Component;

/** Spec point 2: the geo-restricted layout replaces the default one for a visitor from a restricted country. */
export default function DefaultLayout() {
  const root = useRootData();
  if (root?.init.isRestricted) return <GeoRestricted />;
  return (
    <Shell>
      <Outlet />
    </Shell>
  );
}

/** A page that failed renders the error page inside the header and footer. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const root = useRootData();
  if (root?.init.isRestricted) return <GeoRestricted error={error} />;
  return (
    <Shell>
      <ErrorPage error={error} />
    </Shell>
  );
}
