import { lazy, Suspense, useEffect, useLayoutEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { alert, onAlertWanted, setAlertTranslator } from "~/lib/alerts";
import { useTranslation } from "~/lib/i18n-react";

const Toaster = lazy(() => import("./Toaster"));

/**
 * Connects the alert API to the `alerts` texts, mounts the toaster with the first alert (so pages without
 * alerts never load it) and hides every alert on a page change (spec point 2).
 */
export function AlertsHost() {
  const { t, i18n } = useTranslation("alerts");
  const [wanted, setWanted] = useState(false);
  const { pathname } = useLocation();

  useEffect(() => {
    setAlertTranslator((key, params) => (i18n.exists(`alerts:${key}`) ? t(key, params) : undefined));
  }, [t, i18n]);

  useEffect(() => onAlertWanted(() => setWanted(true)), []);

  // A layout effect runs before the new page's own effects, so alerts the new page raises survive.
  const first = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every page change
  useLayoutEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    alert.dismissAll();
  }, [pathname]);

  return wanted ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}
