import { useEffect } from "react";
import { useLocation, useNavigationType } from "react-router";

/**
 * The questions list keeps its scroll position when the visitor comes back from a question (spec point 2),
 * whether by the browser's back button or by the page's own "back to questions" link, which is a new
 * navigation the router would otherwise scroll to the top.
 */
const KEY = "questions-list-scroll";

export interface ReturnToListState {
  restoreListScroll: true;
}

export const returnToListState: ReturnToListState = { restoreListScroll: true };

/** Called when a question is opened from the list. */
export function rememberListScroll(): void {
  try {
    sessionStorage.setItem(KEY, String(Math.round(window.scrollY)));
  } catch {
    // Storage can be unavailable (private mode, quota); the list then simply opens at the top.
  }
}

/** On the list: scroll back to where the visitor was when they came back from a question. */
export function useRestoreListScroll(): void {
  const { key, state } = useLocation();
  const returning =
    useNavigationType() === "POP" || Boolean((state as Partial<ReturnToListState> | null)?.restoreListScroll);
  useEffect(() => {
    // Once per arrival at the list (each arrival has its own location key).
    if (!returning || !key) return;
    let saved: string | null = null;
    try {
      saved = sessionStorage.getItem(KEY);
    } catch {
      return;
    }
    if (saved !== null) window.scrollTo({ top: Number(saved), behavior: "instant" });
  }, [key, returning]);
}
