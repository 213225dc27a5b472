import * as RadixDialog from "@radix-ui/react-dialog";
import { clsx } from "clsx";
import type { HTMLAttributes, ReactNode } from "react";
import { iconButtonClass } from "./Button";
import { CloseIcon } from "./icons";

/**
 * A dialog over the page that a screen opens itself (a confirmation, a detail): Radix Dialog, so focus is
 * trapped and returned, Escape and the overlay close it and screen readers hear its title. The site's named
 * modals (`?modal=…`, spec point 9) have their own frame, ModalFrame, with the phone's swipe-down sheet;
 * this one is for what lives inside a screen.
 */
export const DialogRoot = RadixDialog.Root;
export const DialogPortal = RadixDialog.Portal;
export const DialogOverlay = RadixDialog.Overlay;
export const DialogContent = RadixDialog.Content;
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
        <RadixDialog.Overlay className={clsx(DIALOG_OVERLAY, "z-50")} />
        <RadixDialog.Content
          data-testid={testId}
          className={clsx(
            DIALOG_PANEL,
            "fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[min(28rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 flex-col rounded-2xl",
            className,
          )}
        >
          <DialogHeading
            title={title}
            description={description}
            closeLabel={closeLabel}
            className="px-5 pt-5"
          />
          {children && <div className="overflow-y-auto px-5 pt-4 text-sm">{children}</div>}
          {footer && <div className="flex flex-wrap justify-end gap-2 px-5 pt-5">{footer}</div>}
          <div className="pb-5" />
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/** The dimmed, blurred page behind a dialog (the kit's and the named modals' frame). */
export const DIALOG_OVERLAY = "modal-overlay fixed inset-0 bg-black/65 backdrop-blur-[3px]";
/** A dialog's card: its border, surface and shadow; the caller places and sizes it. */
export const DIALOG_PANEL =
  "border border-line bg-surface text-fg shadow-[0_24px_80px_-20px_rgba(0,0,0,0.7)] outline-none";

/**
 * A dialog's heading: an optional icon, the title and description screen readers announce (the title again,
 * hidden, when there is no description), and the close button when `closeLabel` names it. Inside a Radix
 * dialog (this kit's `Dialog`, the named modals' `ModalFrame`); `compact` is a notice's smaller type.
 */
export function DialogHeading({
  title,
  description,
  icon,
  closeLabel,
  compact,
  className,
  ...rest
}: {
  title: ReactNode;
  description?: ReactNode;
  icon?: ReactNode;
  closeLabel?: string;
  compact?: boolean;
} & Omit<HTMLAttributes<HTMLDivElement>, "title">) {
  return (
    <div className={clsx("flex items-start gap-3", className)} {...rest}>
      {icon && (
        <span
          className={clsx(
            "grid shrink-0 place-items-center rounded-xl bg-surface-3 text-accent",
            compact ? "size-9" : "size-11",
          )}
        >
          {icon}
        </span>
      )}
      <div className="min-w-0 flex-1 pt-0.5">
        <RadixDialog.Title className={clsx("leading-snug font-bold", compact ? "text-base" : "text-lg")}>
          {title}
        </RadixDialog.Title>
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
  );
}
