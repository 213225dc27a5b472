import * as Dialog from "@radix-ui/react-dialog";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { CloseIcon } from "~/components/ui/icons";
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
      <div className="sticky top-20">{wide && <SportWidget name="betslip" props={{}} minHeight={180} />}</div>
    </aside>
  );
}

/** On a phone (and narrower windows) a floating "Bet slip (n)" button opens the slip as a bottom sheet. */
export function BetslipSheet() {
  const { t } = useTranslation("layout");
  const wide = useWide();
  const count = useSlipCount();
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  // A new page closes the sheet (the slip itself stays).
  // biome-ignore lint/correctness/useExhaustiveDependencies: pathname is the trigger
  useEffect(() => setOpen(false), [pathname]);
  if (wide) return null;
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <button
          type="button"
          data-testid="betslip-button"
          className="fixed right-4 bottom-20 z-30 flex h-12 items-center gap-2 rounded-full bg-accent px-5 font-bold text-accent-fg shadow-[0_8px_24px_rgb(0_0_0/0.35)] md:bottom-6"
        >
          {t("sports.openSlip", { count })}
        </button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/60 backdrop-blur-[2px]" />
        <Dialog.Content
          data-testid="betslip-sheet"
          aria-describedby={undefined}
          className="fixed inset-x-0 bottom-0 z-50 flex max-h-[88dvh] flex-col rounded-t-3xl border-t border-line bg-bg pb-[env(safe-area-inset-bottom)] outline-none"
        >
          <div className="mx-auto mt-2 h-1.5 w-10 rounded-full bg-surface-3" aria-hidden="true" />
          <div className="flex items-center justify-between px-4 py-2">
            <Dialog.Title className="text-lg font-bold">{t("sports.betslip")}</Dialog.Title>
            <Dialog.Close
              aria-label={t("sports.close")}
              className="grid size-9 place-items-center rounded-xl text-muted hover:bg-surface-2 hover:text-fg"
            >
              <CloseIcon size={20} />
            </Dialog.Close>
          </div>
          <div className="overflow-y-auto px-3 pb-4">
            <SportWidget name="betslip" props={{}} minHeight={220} />
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
