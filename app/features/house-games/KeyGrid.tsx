import { type CSSProperties, type KeyboardEvent, type ReactNode, useRef, useState } from "react";

/**
 * A board of buttons moved through with the arrow keys (Mines' tiles, Keno's numbers): one cell is in the
 * tab order at a time, and an arrow moves the focus to the cell `move` answers (the board's own geometry).
 * Spread `cell(i)` on each cell and pass `onKeyDown` to the `KeyGrid` around them.
 */
export function useRovingGrid(first: number, move: (cell: number, key: string) => number) {
  const [focus, setFocus] = useState(first);
  const cells = useRef<(HTMLButtonElement | null)[]>([]);
  const onKeyDown = (e: KeyboardEvent) => {
    const next = move(focus, e.key);
    if (next === focus) return;
    e.preventDefault();
    setFocus(next);
    cells.current[next]?.focus();
  };
  const cell = (i: number) => ({
    ref: (el: HTMLButtonElement | null) => {
      cells.current[i] = el;
    },
    tabIndex: i === focus ? 0 : -1,
    onFocus: () => setFocus(i),
  });
  return { onKeyDown, cell };
}

/** The board's group, named for screen readers, that takes the arrow keys. */
export function KeyGrid({
  label,
  onKeyDown,
  className,
  style,
  children,
}: {
  label: string;
  onKeyDown: (e: KeyboardEvent) => void;
  className: string;
  style?: CSSProperties;
  children: ReactNode;
}) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a grid of buttons moved through with the arrow keys
    <div role="group" aria-label={label} onKeyDown={onKeyDown} className={className} style={style}>
      {children}
    </div>
  );
}
