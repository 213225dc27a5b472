import { useEffect, useRef } from "react";

export interface Hotkeys {
  /** Space or Enter anywhere but a field or a button (those keep their own meaning). */
  play?: () => void;
  left?: () => void;
  right?: () => void;
  up?: () => void;
  down?: () => void;
  /** The digit keys 1–9 (video poker's holds). */
  digit?: (n: number) => void;
  /** Letter keys of a game's own (roulette: u undo, c clear, r repeat), by `KeyboardEvent.key` in lower case. */
  letters?: Record<string, () => void>;
}

/** Where typing goes into a field: no game key is taken there. */
export const FIELD_TAGS: ReadonlySet<string> = new Set(["INPUT", "TEXTAREA", "SELECT"]);
/** A field, and the controls that keep space, enter and the arrows for themselves. */
const OWN_KEYS: ReadonlySet<string> = new Set([...FIELD_TAGS, "BUTTON", "A", "SUMMARY"]);

/**
 * Whether a key press may be a game's: no modifier held, nothing took it already, not pressed on one of `own`
 * (elements that keep their keys) nor inside a dialog.
 */
export function isGameKey(e: KeyboardEvent, own: ReadonlySet<string> = OWN_KEYS): boolean {
  if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey) return false;
  const target = e.target as HTMLElement | null;
  if (target && (own.has(target.tagName) || target.isContentEditable)) return false;
  return !target?.closest("[role=dialog]");
}

/** The games' keyboard: play with space or enter, adjust with the arrows where the game has a natural axis. */
export function useHotkeys(keys: Hotkeys): void {
  const ref = useRef(keys);
  ref.current = keys;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!isGameKey(e)) return;
      const k = ref.current;
      if (k.digit && /^[1-9]$/.test(e.key)) {
        e.preventDefault();
        k.digit(Number(e.key));
        return;
      }
      const action =
        e.key === " " || e.key === "Enter"
          ? k.play
          : e.key === "ArrowLeft"
            ? k.left
            : e.key === "ArrowRight"
              ? k.right
              : e.key === "ArrowUp"
                ? k.up
                : e.key === "ArrowDown"
                  ? k.down
                  : k.letters?.[e.key.toLowerCase()];
      if (!action) return;
      e.preventDefault();
      action();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);
}
