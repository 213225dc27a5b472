import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { useDrawerCompact } from "./drawer-state";
import { CloseIcon, CollapseIcon } from "./icons";
import { Logo } from "./Logo";
import { NavList } from "./NavList";
import { HELP_NAV, LEGAL_NAV, MAIN_NAV } from "./nav";

/**
 * The side drawer: a rail beside the page from 1024px (compact or wide, remembered), off-canvas below it.
 * Spec point 2: it closes whenever the full path changes.
 */
export function Drawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation("layout");
  const [compact, toggleCompact] = useDrawerCompact();
  const { pathname, search, hash } = useLocation();
  const fullPath = `${pathname}${search}${hash}`;
  const closeRef = useRef(onClose);
  closeRef.current = onClose;

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every change of the full path
  useEffect(() => {
    closeRef.current();
  }, [fullPath]);

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && closeRef.current();
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [open]);

  return (
    <>
      <button
        type="button"
        tabIndex={-1}
        aria-label={t("drawer.close")}
        onClick={onClose}
        className={`fixed inset-0 z-40 bg-black/60 backdrop-blur-[2px] transition-opacity lg:hidden ${
          open ? "opacity-100" : "pointer-events-none opacity-0"
        }`}
      />
      <aside
        id="drawer"
        data-open={open ? "true" : "false"}
        aria-label={t("drawer.title")}
        className={`fixed inset-y-0 left-0 z-50 flex w-[19rem] max-w-[85vw] flex-col border-r border-line bg-surface transition-transform duration-200 lg:sticky lg:top-16 lg:z-20 lg:h-[calc(100dvh-4rem)] lg:w-60 lg:translate-x-0 lg:bg-bg lg:transition-[width] lg:compact:w-[76px] ${
          open ? "translate-x-0" : "-translate-x-full"
        }`}
      >
        <div className="flex h-16 items-center justify-between border-b border-line px-4 lg:hidden">
          <Logo size={32} />
          <button
            type="button"
            onClick={onClose}
            aria-label={t("drawer.close")}
            className="grid size-10 place-items-center rounded-xl text-muted hover:bg-surface-2 hover:text-fg"
          >
            <CloseIcon />
          </button>
        </div>
        <nav className="flex flex-1 flex-col gap-6 overflow-y-auto px-3 py-5" aria-label={t("drawer.title")}>
          <NavList items={MAIN_NAV} title={t("drawer.explore")} />
          <NavList items={HELP_NAV} title={t("drawer.help")} />
          <NavList items={LEGAL_NAV} title={t("drawer.legal")} />
        </nav>
        <div className="hidden border-t border-line p-3 lg:block">
          <button
            type="button"
            id="drawer-compact"
            onClick={toggleCompact}
            aria-pressed={compact}
            title={compact ? t("drawer.expand") : t("drawer.compact")}
            className="flex h-10 w-full items-center gap-3 rounded-xl px-3 text-sm text-muted transition-colors hover:bg-surface-2 hover:text-fg lg:compact:justify-center lg:compact:px-0"
          >
            <CollapseIcon className="transition-transform lg:compact:rotate-180" />
            <span className="lg:compact:sr-only">{compact ? t("drawer.expand") : t("drawer.compact")}</span>
          </button>
        </div>
      </aside>
    </>
  );
}
