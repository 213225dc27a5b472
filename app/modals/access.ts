import { findModal, type ModalEntry } from "./registry";

export interface OpenModal {
  entry: ModalEntry;
  /** The parameter as written in the address (a short name or the identifier). */
  param: string;
  value: string;
}

export const mayOpen = (entry: ModalEntry, loggedIn: boolean): boolean =>
  entry.access === "everyone" || (entry.access === "player") === loggedIn;

/**
 * Reads the modals out of a query string. A modal parameter stays only when the visitor may open that modal
 * and its component exists; every other one is to be stripped from the address (spec point 2), as is one set
 * to "false" or to nothing. Parameters that name no modal are left alone. The order of the address is the
 * stacking order.
 */
export function planModals(
  search: URLSearchParams,
  loggedIn: boolean,
  hasComponent: (entry: ModalEntry) => boolean = (entry) => entry.built !== false,
): { open: OpenModal[]; strip: string[] } {
  const open: OpenModal[] = [];
  const strip: string[] = [];
  for (const [param, value] of search) {
    const entry = findModal(param);
    if (!entry) continue;
    const duplicate = open.some((o) => o.entry === entry);
    if (duplicate || !value || value === "false" || !mayOpen(entry, loggedIn) || !hasComponent(entry)) {
      if (!strip.includes(param)) strip.push(param);
      continue;
    }
    open.push({ entry, param, value });
  }
  return { open, strip };
}

/** The wallet's query value (spec point 2): deposit or withdraw, any other value opens it without a type. */
export function walletType(value: string): "deposit" | "withdraw" | undefined {
  return value === "deposit" || value === "withdraw" ? value : undefined;
}
