import { useEffect } from "react";

/** Spec point 9: refresh --vh 50 ms after the last resize. */
export const RESIZE_REFRESH_MS = 50;

/**
 * --vh and --vh-static are 1% of the window's height: mobile browsers' `vh` ignores their collapsing toolbars,
 * so full-height sheets use calc(var(--vh) * 100). --vh-static keeps the first height for things that must not
 * jump while the toolbar slides.
 */
export function useViewportUnits(): void {
  useEffect(() => {
    const style = document.documentElement.style;
    const set = (name: string) => style.setProperty(name, `${window.innerHeight / 100}px`);
    set("--vh");
    set("--vh-static");
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onResize = () => {
      clearTimeout(timer);
      timer = setTimeout(() => set("--vh"), RESIZE_REFRESH_MS);
    };
    window.addEventListener("resize", onResize);
    return () => {
      clearTimeout(timer);
      window.removeEventListener("resize", onResize);
    };
  }, []);
}
