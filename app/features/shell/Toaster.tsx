import { useEffect, useState } from "react";
import { useLocation } from "react-router";
import { Toaster as Sonner, toast } from "sonner";
import { NOTIFICATION_LIMITS } from "#common/constants";
import { type Alert, connectToaster } from "~/lib/alerts";
import { useColorMode } from "~/lib/color-mode";
import { findModal } from "~/modals/registry";

/** Below this width the shell shows the bottom navigation (BottomNav is `md:hidden`). */
const PHONE = "(max-width: 767.98px)";
/** Clear of the sticky header (h-16, below a messenger's own top bar) and of the bottom navigation (h-16). */
const BELOW_HEADER = { top: "calc(4rem + var(--messenger-top, 0px) + 12px)" };
const ABOVE_BOTTOM_NAV = { bottom: "calc(4rem + env(safe-area-inset-bottom) + 12px)" };
/** Over a phone's bottom sheet, whose overlay covers the header: at the top, clear of the sheet's buttons. */
const OVER_SHEET = { top: "calc(var(--messenger-top, 0px) + 12px)" };

function usePhone(): boolean {
  const [phone, setPhone] = useState(() => window.matchMedia(PHONE).matches);
  useEffect(() => {
    const media = window.matchMedia(PHONE);
    const on = () => setPhone(media.matches);
    media.addEventListener("change", on);
    return () => media.removeEventListener("change", on);
  }, []);
  return phone;
}

/**
 * Sonner, loaded with the first alert; it draws what app/lib/alerts.ts lets through its spacing queue. Toasts
 * never cover the header's balance, Deposit or menu (issue 36): below the header on a desktop, above the
 * bottom navigation on a phone — and at the top while a modal is open there, as a phone's modal is a sheet
 * from the bottom whose buttons the toast would cover ("Deposit received" under "credited").
 */
export default function Toaster() {
  const [mode] = useColorMode();
  const phone = usePhone();
  useEffect(() => {
    // The alerts on screen, so a page change can leave one raised across it where it is.
    const onScreen = new Map<Alert, string | number>();
    connectToaster({
      show: (a) => {
        const gone = () => onScreen.delete(a);
        onScreen.set(a, toast[a.kind](a.text, { duration: a.duration, onDismiss: gone, onAutoClose: gone }));
      },
      dismissAll: (keep) => {
        const kept: Alert[] = [];
        for (const [a, id] of onScreen) {
          if (keep.includes(a)) kept.push(a);
          else {
            toast.dismiss(id);
            onScreen.delete(a);
          }
        }
        return kept;
      },
    });
    return () => connectToaster(undefined);
  }, []);
  const { search } = useLocation();
  // The cookie notice is a corner card, not a sheet: it leaves the toasts where they were.
  const sheet =
    phone && [...new URLSearchParams(search).keys()].some((k) => k !== "cookie-request" && findModal(k));
  const offset = sheet ? OVER_SHEET : phone ? ABOVE_BOTTOM_NAV : BELOW_HEADER;
  return (
    <Sonner
      theme={mode}
      position={phone && !sheet ? "bottom-center" : "top-center"}
      offset={offset}
      mobileOffset={offset}
      richColors
      closeButton
      toastOptions={{ className: "!font-sans !rounded-xl" }}
      // The spec's notification width (300 px) on a desktop; a phone's toasts span the screen as Sonner lays them.
      style={{ zIndex: 1900, "--width": `${NOTIFICATION_LIMITS.width}px` } as React.CSSProperties}
    />
  );
}
