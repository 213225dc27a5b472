import * as RadixDialog from "@radix-ui/react-dialog";
import { clsx } from "clsx";
import type { ReactNode } from "react";
import { iconButtonClass } from "./Button";
import { CloseIcon } from "./icons";

/**
 * A dialog over the page that a screen opens itself (a confirmation, a detail): Radix Dialog, so focus is
 * trapped and returned, Escape and the overlay close it and screen readers hear its title. The site's named
 * modals (`?modal=…`, spec point 9) have their own frame, ModalFrame, with the phone's swipe-down sheet;
 * this one is for what lives inside a screen.
 */
export const DialogRoot = RadixDialog.Root;
export const DialogTrigger = RadixDialog.Trigger;
export const DialogClose = RadixDialog.Close;

export function Dialog({
  open,
  onOpenChange,
  trigger,
  title,
  description,
  closeLabel,
  footer,
  children,
  testId,
  className,
}: {
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** The element that opens it (a kit Button); leave out for a dialog opened by `open`. */
  trigger?: ReactNode;
  title: ReactNode;
  description?: ReactNode;
  /** The close button's name for screen readers; no close button without it. */
  closeLabel?: string;
  /** The dialog's actions, at its foot (Cancel / Confirm). */
  footer?: ReactNode;
  children?: ReactNode;
  testId?: string;
  className?: string;
}) {
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      {trigger && <RadixDialog.Trigger asChild>{trigger}</RadixDialog.Trigger>}
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="modal-overlay fixed inset-0 z-50 bg-black/65 backdrop-blur-[3px]" />
        <RadixDialog.Content
          data-testid={testId}
          className={clsx(
            "fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[min(28rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 flex-col rounded-2xl border border-line bg-surface text-fg shadow-[0_24px_80px_-20px_rgba(0,0,0,0.7)] outline-none",
            className,
          )}
        >
          <div className="flex items-start gap-3 px-5 pt-5">
            <div className="min-w-0 flex-1 pt-0.5">
              <RadixDialog.Title className="text-lg leading-snug font-bold">{title}</RadixDialog.Title>
              {description ? (
                <RadixDialog.Description className="mt-1 text-sm leading-relaxed text-muted">
                  {description}
                </RadixDialog.Description>
              ) : (
                <RadixDialog.Description className="sr-only">{title}</RadixDialog.Description>
              )}
            </div>
            {closeLabel && (
              <RadixDialog.Close aria-label={closeLabel} className={iconButtonClass("md", "-mt-1 -mr-2")}>
                <CloseIcon />
              </RadixDialog.Close>
            )}
          </div>
          {children && <div className="overflow-y-auto px-5 pt-4 text-sm">{children}</div>}
          {footer && <div className="flex flex-wrap justify-end gap-2 px-5 pt-5">{footer}</div>}
          <div className="pb-5" />
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
