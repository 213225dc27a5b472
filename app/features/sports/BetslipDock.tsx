import { useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { IconButton, Pressable } from "~/components/ui/Button";
import { CloseIcon } from "~/components/ui/icons";
import { useTranslation } from "~/lib/i18n-react";
import { useLoggedIn } from "~/lib/session/use-session";
import { findModal } from "~/modals/registry";
import { SportWidget } from "./SportWidget";
import { useSlipCount } from "./use-sportsbook";

/** At least this wide the slip is a column beside the page (spec: desktop); narrower it is a bottom sheet. */
export const SLIP_COLUMN_QUERY = "(min-width: 1024px)";

function useWide(): boolean {
  const [wide, setWide] = useState(false);
  useEffect(() => {
    const mq = window.matchMedia(SLIP_COLUMN_QUERY);
    const on = () => setWide(mq.matches);
    on();
    mq.addEventListener("change", on);
    return () => mq.removeEventListener("change", on);
  }, []);
  return wide;
}

/** The bet slip beside the sports pages on a desktop: it stays mounted while the player moves between them. */
export function BetslipColumn() {
  const wide = useWide();
  return (
    <aside className="hidden lg:block" aria-label="Bet slip">
      {/* Held above the support chat's button in the corner: a long "My bets" scrolls inside the column, so
          its last Cash out is never under the button (issue 36). */}
      <div className="sticky top-20 max-h-[calc(100dvh-11rem)] overflow-y-auto overscroll-contain rounded-card">
        {wide && <SportWidget name="betslip" props={{}} minHeight={180} />}
      </div>
    </aside>
  );
}

/**
 * On a phone (and narrower windows) a floating "Bet slip (n)" button opens the slip as a bottom sheet. A native
 * modal <dialog>: focus, Escape and the inert page come with it, and no dialog library joins the page's script.
 * With nothing in the slip a guest has nothing to open (no button covers the page); a player's button reads
 * "My bets", the sheet's other tab, where open bets are followed and cashed out.
 */
export function BetslipSheet() {
  const { t } = useTranslation("layout");
  const wide = useWide();
  const count = useSlipCount();
  const loggedIn = useLoggedIn();
  const [open, setOpen] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  const { pathname, search } = useLocation();
  // A new page closes the sheet (the slip itself stays).
  // biome-ignore lint/correctness/useExhaustiveDependencies: pathname is the trigger
  useEffect(() => setOpen(false), [pathname]);
  // So does a site modal (the sign-in a guest's bet asks for): under the sheet, in the top layer, it would be
  // out of sight while its focus trap made the sheet inert.
  const modalAsked = [...new URLSearchParams(search).keys()].some((name) => findModal(name));
  useEffect(() => {
    if (modalAsked) setOpen(false);
  }, [modalAsked]);
  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);
  if (wide) return null;
  return (
    <>
      {(count > 0 || loggedIn) && (
        <Pressable
          data-testid="betslip-button"
          aria-haspopup="dialog"
          onClick={() => setOpen(true)}
          className="fixed right-4 bottom-20 z-30 flex h-12 items-center gap-2 rounded-full bg-accent px-5 font-bold text-accent-fg shadow-[0_8px_24px_rgb(0_0_0/0.35)] md:bottom-6"
        >
          {count > 0 ? t("sports.openSlip", { count }) : t("sports.myBets")}
        </Pressable>
      )}
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: Escape closes a native dialog; a backdrop press is the pointer's way */}
      <dialog
        ref={dialog}
        data-testid="betslip-sheet"
        aria-labelledby="betslip-sheet-title"
        onClose={() => setOpen(false)}
        // A press on the backdrop (the dialog element itself, outside its panel) closes it.
        onClick={(e) => e.target === e.currentTarget && setOpen(false)}
        className="m-0 mt-auto max-h-[88dvh] w-full max-w-none rounded-t-3xl border-t border-line bg-bg p-0 pb-[env(safe-area-inset-bottom)] text-fg backdrop:bg-black/60 backdrop:backdrop-blur-[2px]"
      >
        {open && (
          <div className="flex max-h-[88dvh] flex-col">
            <div className="mx-auto mt-2 h-1.5 w-10 rounded-full bg-surface-3" aria-hidden="true" />
            <div className="flex items-center justify-between px-4 py-2">
              <h2 id="betslip-sheet-title" className="text-lg font-bold">
                {t("sports.betslip")}
              </h2>
              <IconButton label={t("sports.close")} size="sm" onClick={() => setOpen(false)}>
                <CloseIcon size={20} />
              </IconButton>
            </div>
            <div className="overflow-y-auto px-3 pb-4">
              <SportWidget name="betslip" props={{}} minHeight={220} />
            </div>
          </div>
        )}
      </dialog>
    </>
  );
}
