import { clsx } from "clsx";
import { type PointerEvent, type ReactNode, useRef } from "react";
import {
  DIALOG_OVERLAY,
  DIALOG_PANEL,
  DialogContent,
  DialogHeading,
  DialogOverlay,
  DialogPortal,
  DialogRoot,
} from "~/components/ui/Dialog";
import { useIsMobile } from "~/lib/device";
import { useTranslation } from "~/lib/i18n-react";
import { useOpenModal } from "./context";
import { modalZIndex } from "./registry";
import { shouldCloseOnSwipe } from "./swipe";

interface FrameProps {
  /** The stack position; the host's modal's when not given. */
  level?: number;
  title: ReactNode;
  description?: ReactNode;
  icon?: ReactNode;
  /** The host's modal's close when not given. */
  onClose?: () => void;
  children?: ReactNode;
  /** A notice does not block the page (no overlay, no focus trap): the cookie request. */
  notice?: boolean;
  /** Hides the close button when a choice is required. */
  hideClose?: boolean;
  /**
   * Takes the screen's whole height (the messenger's wallet): a sheet from below the messenger's own top
   * controls on a phone, a full-height column elsewhere.
   */
  fullHeight?: boolean;
  /** `modal-{id}` of the host's modal when not given. */
  testId?: string;
}

/**
 * Every modal's frame, on the kit's Dialog parts (Radix: focus, Escape and screen readers, and the same heading,
 * overlay and card as the kit's own dialog): a centred card on a desktop and a bottom sheet on a phone that
 * closes when swiped down (spec point 9: 10% of its height or a 300 ms flick).
 */
export function ModalFrame({
  title,
  description,
  icon,
  children,
  notice,
  hideClose,
  fullHeight,
  ...own
}: FrameProps) {
  const { t } = useTranslation("modals");
  // A modal the host draws is framed as that modal; one drawn by a page (a sheet) says its own.
  const open = useOpenModal();
  const level = own.level ?? open?.level ?? 0;
  const onClose = own.onClose ?? open?.close ?? (() => {});
  const testId = own.testId ?? (open ? `modal-${open.id}` : undefined);
  const mobile = useIsMobile();
  const panel = useRef<HTMLDivElement>(null);
  const drag = useRef<{ y: number; at: number; dy: number } | null>(null);
  const z = modalZIndex(level);

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (!mobile || (e.target as Element).closest("button,a,input")) return;
    drag.current = { y: e.clientY, at: performance.now(), dy: 0 };
    e.currentTarget.setPointerCapture(e.pointerId);
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d || !panel.current) return;
    d.dy = Math.max(0, e.clientY - d.y);
    panel.current.style.transition = "none";
    panel.current.style.transform = `translateY(${d.dy}px)`;
  };
  const onPointerUp = () => {
    const d = drag.current;
    drag.current = null;
    const el = panel.current;
    if (!d || !el) return;
    el.style.transition = "";
    const close = shouldCloseOnSwipe({
      distance: d.dy,
      height: el.offsetHeight,
      durationMs: performance.now() - d.at,
    });
    el.style.transform = close ? "translateY(100%)" : "";
    if (close) onClose();
  };

  const sheet = mobile || notice;
  const position = fullHeight
    ? mobile
      ? "inset-x-0 bottom-0 top-[calc(var(--messenger-top,0px)+0.5rem)] rounded-t-3xl pb-[max(1rem,env(safe-area-inset-bottom))]"
      : "inset-y-4 left-1/2 w-[min(30rem,calc(100vw-2rem))] -translate-x-1/2 rounded-2xl"
    : notice
      ? mobile
        ? "inset-x-2 bottom-[calc(4.5rem+env(safe-area-inset-bottom))] rounded-2xl"
        : "bottom-5 left-5 w-[min(26rem,calc(100vw-2.5rem))] rounded-2xl"
      : mobile
        ? "inset-x-0 bottom-0 max-h-[calc(var(--vh,1vh)*92)] rounded-t-3xl pb-[max(1.25rem,env(safe-area-inset-bottom))]"
        : "top-1/2 left-1/2 max-h-[calc(var(--vh,1vh)*90)] w-[min(30rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-2xl";

  return (
    <DialogRoot open modal={!notice} onOpenChange={(open) => !open && onClose()}>
      <DialogPortal>
        {!notice && <DialogOverlay style={{ zIndex: z }} className={DIALOG_OVERLAY} />}
        <DialogContent
          ref={panel}
          style={{ zIndex: z + 1 }}
          data-testid={testId}
          data-sheet={sheet && !notice ? "true" : undefined}
          onOpenAutoFocus={(e) => {
            // Focus the dialog itself, not its close button: screen readers start at the title, and no
            // focus ring greets a pointer user. A notice takes no focus at all.
            e.preventDefault();
            if (!notice) panel.current?.focus();
          }}
          onInteractOutside={notice ? (e) => e.preventDefault() : undefined}
          className={clsx(
            DIALOG_PANEL,
            "modal-panel fixed flex flex-col overflow-hidden transition-transform duration-200",
            position,
          )}
        >
          {mobile && !notice && (
            <div
              className="flex touch-none justify-center pt-2.5 pb-1"
              onPointerDown={onPointerDown}
              onPointerMove={onPointerMove}
              onPointerUp={onPointerUp}
              onPointerCancel={onPointerUp}
            >
              <span className="h-1.5 w-11 rounded-full bg-surface-3" aria-hidden="true" />
            </div>
          )}
          <DialogHeading
            title={title}
            description={description}
            icon={icon}
            closeLabel={hideClose ? undefined : t("common.close")}
            compact={notice}
            className={clsx(
              notice ? "px-4 pt-4" : "px-5",
              mobile && !notice ? "touch-none pt-2" : !notice && "pt-5",
            )}
            onPointerDown={mobile && !notice ? onPointerDown : undefined}
            onPointerMove={mobile && !notice ? onPointerMove : undefined}
            onPointerUp={mobile && !notice ? onPointerUp : undefined}
            onPointerCancel={mobile && !notice ? onPointerUp : undefined}
          />
          <div
            className={`overflow-y-auto ${fullHeight ? "flex-1" : ""} ${notice ? "px-4 pt-3 pb-4" : "px-5 pt-4 pb-5"}`}
          >
            {children}
          </div>
        </DialogContent>
      </DialogPortal>
    </DialogRoot>
  );
}
