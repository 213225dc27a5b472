import { useCallback, useSyncExternalStore } from "react";
import { STORAGE_KEYS, storage } from "./storage";

/** Spec point 4: system, light or dark; the site is dark until a visitor chooses otherwise. */
export const COLOR_MODES = ["system", "light", "dark"] as const;
export type ColorMode = (typeof COLOR_MODES)[number];
export type Theme = "light" | "dark";
export const DEFAULT_COLOR_MODE: ColorMode = "dark";

export const isColorMode = (v: unknown): v is ColorMode => COLOR_MODES.includes(v as ColorMode);

/** The theme a mode shows: "system" follows the host (the messenger's theme in the mini-app) or the OS. */
export function resolveTheme(mode: ColorMode, prefersLight: boolean, host?: Theme): Theme {
  if (mode === "system") return host ?? (prefersLight ? "light" : "dark");
  return mode;
}

/**
 * The theme of the app the site runs inside (the messenger mini-app): it stands for "system", and is the
 * default until the visitor picks a mode (docs/decisions/0005-external-login.md).
 */
let hostTheme: Theme | undefined;

/**
 * Runs in <head> before the first paint, so a light-mode visitor never sees a dark flash. A route that forces
 * a mode renders `data-color-forced` on <html> and is left alone. Kept tiny and dependency-free on purpose:
 * it is inlined into every page. It also applies the drawer's compact state for the same reason.
 */
export const PAINT_SCRIPT = `(function(){try{var d=document.documentElement,s=localStorage;if(!d.dataset.colorForced){var m=s.getItem(${JSON.stringify(STORAGE_KEYS.colorMode)})||${JSON.stringify(DEFAULT_COLOR_MODE)};if(m==="system")m=matchMedia("(prefers-color-scheme: light)").matches?"light":"dark";if(m==="light"||m==="dark"){d.classList.remove("light","dark");d.classList.add(m)}}if(s.getItem(${JSON.stringify(STORAGE_KEYS.drawerCompact)})==="1")d.dataset.drawer="compact"}catch(e){}})()`;

const listeners = new Set<() => void>();
const emit = () => {
  for (const l of listeners) l();
};

function readMode(): ColorMode {
  const stored = storage.get(STORAGE_KEYS.colorMode);
  if (isColorMode(stored)) return stored;
  return hostTheme ? "system" : DEFAULT_COLOR_MODE;
}

/** Puts the theme on <html>: the forced one when a route asks for it, else the visitor's mode. */
export function applyTheme(forced?: Theme): void {
  const mode = readMode();
  const theme =
    forced ?? resolveTheme(mode, window.matchMedia("(prefers-color-scheme: light)").matches, hostTheme);
  const root = document.documentElement;
  root.classList.remove(theme === "light" ? "dark" : "light");
  root.classList.add(theme);
}

/** Every change of colour mode; the accounts feature re-sends the theme to the sportsbook on it (spec point 4). */
export const colorModeChanged = new EventTarget();

/** The messenger tells its theme (and every change of it); the page follows when the mode is "system". */
export function setHostTheme(theme: Theme | undefined): void {
  if (theme === hostTheme) return;
  hostTheme = theme;
  emit();
  colorModeChanged.dispatchEvent(new CustomEvent("change", { detail: "host" }));
}

export function setColorMode(mode: ColorMode): void {
  storage.set(STORAGE_KEYS.colorMode, mode);
  emit();
  colorModeChanged.dispatchEvent(new CustomEvent("change", { detail: mode }));
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key === STORAGE_KEYS.colorMode) listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

/** The visitor's chosen mode; the server renders the default and the browser catches up after hydration. */
export function useColorMode(): [ColorMode, (mode: ColorMode) => void] {
  const mode = useSyncExternalStore(subscribe, readMode, () => DEFAULT_COLOR_MODE);
  return [mode, useCallback((m: ColorMode) => setColorMode(m), [])];
}

/** Page metadata forcing a colour mode (spec point 2): `export const handle = { colorMode: "dark" }`. */
export function forcedTheme(matches: readonly { handle?: unknown }[]): Theme | undefined {
  for (let i = matches.length - 1; i >= 0; i--) {
    const mode = (matches[i]?.handle as { colorMode?: unknown } | undefined)?.colorMode;
    if (mode === "light" || mode === "dark") return mode;
  }
  return undefined;
}
