import { useCallback } from "react";
import { useLocation, useNavigate } from "react-router";
import { findModal, modalParam } from "./registry";

/**
 * Opens and closes modals by editing the current address: `open("wallet", "deposit")` adds `?wallet=deposit`,
 * `close("wallet")` removes it. Both keep the page and its scroll position.
 */
export function useModals() {
  const location = useLocation();
  const navigate = useNavigate();
  const go = useCallback(
    (edit: (q: URLSearchParams) => void, replace = false) => {
      const q = new URLSearchParams(location.search);
      edit(q);
      const search = q.toString();
      navigate(
        { pathname: location.pathname, search: search ? `?${search}` : "", hash: location.hash },
        { replace, preventScrollReset: true },
      );
    },
    [location.pathname, location.search, location.hash, navigate],
  );
  const names = (id: string) => {
    const entry = findModal(id);
    return entry ? [entry.id, modalParam(entry)] : [id];
  };
  return {
    open: (id: string, value = "true") =>
      go((q) => {
        const entry = findModal(id);
        q.set(entry ? modalParam(entry) : id, value);
      }),
    close: (id: string) =>
      go((q) => {
        for (const n of names(id)) q.delete(n);
      }),
    /** Closes some modals and opens another in one step (sign-in → forgot-pass), one history entry. */
    swap: (closeIds: string[], openId?: string, value = "true") =>
      go((q) => {
        for (const id of closeIds) for (const n of names(id)) q.delete(n);
        if (openId) {
          const entry = findModal(openId);
          q.set(entry ? modalParam(entry) : openId, value);
        }
      }),
    /** Removes parameters without a history entry (modals that may not stay in the address). */
    strip: (params: string[]) =>
      go((q) => {
        for (const p of params) q.delete(p);
      }, true),
  };
}
