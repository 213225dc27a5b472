import { useEffect, useState } from "react";
import { useNavigation } from "react-router";
import { useTranslation } from "~/lib/i18n-react";

/**
 * The spec's route transition wait (constants: "about 100 ms"): a navigation that has not finished by then shows
 * a thin bar across the top while the next page's data comes, so a tap on a slow phone is seen to be working; one
 * that finishes sooner shows nothing, so fast moves do not flicker.
 */
export const ROUTE_TRANSITION_WAIT_MS = 100;

export function RouteProgress() {
  const { t } = useTranslation("layout");
  const busy = useNavigation().state !== "idle";
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!busy) {
      setShown(false);
      return;
    }
    const timer = setTimeout(() => setShown(true), ROUTE_TRANSITION_WAIT_MS);
    return () => clearTimeout(timer);
  }, [busy]);
  if (!shown) return null;
  return (
    <div
      role="progressbar"
      aria-label={t("header.navigating")}
      data-testid="route-progress"
      className="pointer-events-none fixed inset-x-0 top-0 z-[90] h-0.5 overflow-hidden bg-accent/20"
    >
      <div className="route-progress h-full w-1/3 bg-accent" />
    </div>
  );
}
