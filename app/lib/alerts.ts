/** Spec point 9: alerts appear at least 400 ms apart and stay 3000 ms unless told. */
export const ALERT_SPACING_MS = 400;
export const ALERT_DURATION_MS = 3000;

export type AlertKind = "success" | "error" | "info";
export interface Alert {
  kind: AlertKind;
  text: string;
  duration: number;
}

/**
 * Holds alerts back so that no two appear within `spacingMs`: a burst (deposit succeeded + bonus activated)
 * reads as a sequence instead of a stack that appears at once.
 */
export function createAlertQueue(show: (alert: Alert) => void, spacingMs = ALERT_SPACING_MS) {
  const pending: Alert[] = [];
  let lastShownAt = Number.NEGATIVE_INFINITY;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const drain = () => {
    timer = undefined;
    const next = pending.shift();
    if (!next) return;
    lastShownAt = Date.now();
    show(next);
    if (pending.length) timer = setTimeout(drain, spacingMs);
  };

  return {
    push(alert: Alert) {
      pending.push(alert);
      if (timer) return;
      const wait = lastShownAt + spacingMs - Date.now();
      if (wait <= 0) drain();
      else timer = setTimeout(drain, wait);
    },
    /** Drops alerts not shown yet (a page change makes them stale). */
    clear() {
      pending.length = 0;
      clearTimeout(timer);
      timer = undefined;
    },
    get size() {
      return pending.length;
    },
  };
}

type AlertOptions = {
  params?: Record<string, unknown>;
  duration?: number;
  /**
   * Shown now and again on the page the next page change opens: for a message about the change that follows it
   * (a break ends the session and leaves for the home page), which that change would otherwise hide at once.
   */
  acrossPageChange?: boolean;
};

type Translate = (key: string, params?: Record<string, unknown>) => string | undefined;
type Toaster = {
  show: (alert: Alert) => void;
  /** Hides every alert on screen but those of `keep`, and answers which of `keep` were on screen. */
  dismissAll: (keep: readonly Alert[]) => Alert[];
};

let translate: Translate = () => undefined;
let toaster: Toaster | undefined;
const early: Alert[] = [];
const wantListeners = new Set<() => void>();
let wanted = false;

const queue = createAlertQueue((a) => {
  if (toaster) toaster.show(a);
  else early.push(a);
});

/** The shell hands over its translator for the `alerts` content directory (keys like "something-wrong"). */
export function setAlertTranslator(t: Translate): void {
  translate = t;
}

/** Called by the lazily loaded toaster once it is mounted; alerts raised before it are shown then. */
export function connectToaster(t: Toaster | undefined): void {
  toaster = t;
  if (t) for (const a of early.splice(0)) t.show(a);
}

/** Lets the shell mount the toaster only when the first alert is raised: no alert code on first paint. */
export function onAlertWanted(listener: () => void): () => void {
  if (wanted) listener();
  wantListeners.add(listener);
  return () => wantListeners.delete(listener);
}

/** Alerts to show again once the next page change has hidden the others (`acrossPageChange`). */
const carried: Alert[] = [];

function raise(kind: AlertKind, keyOrText: string, opts: AlertOptions) {
  const text = translate(keyOrText, opts.params) ?? keyOrText;
  const raised = { kind, text, duration: opts.duration ?? ALERT_DURATION_MS };
  if (opts.acrossPageChange) carried.push(raised);
  show(raised);
}

function show(raised: Alert) {
  queue.push(raised);
  if (!wanted) {
    wanted = true;
    for (const l of wantListeners) l();
  }
}

/**
 * The one way features show an alert: `alert.success("deposit-success")` looks the key up in the `alerts`
 * content directory (with `{title}`-style params); any other string is shown as written.
 */
export const alert = {
  success: (keyOrText: string, opts: AlertOptions = {}) => raise("success", keyOrText, opts),
  error: (keyOrText: string, opts: AlertOptions = {}) => raise("error", keyOrText, opts),
  info: (keyOrText: string, opts: AlertOptions = {}) => raise("info", keyOrText, opts),
  /**
   * Spec point 2: a page change hides every alert, shown or waiting; one raised `acrossPageChange` is shown again
   * after, once.
   */
  dismissAll() {
    queue.clear();
    early.length = 0;
    const again = carried.splice(0);
    // One still on screen stays where it is: hidden and shown again, it was drawn twice while the first left.
    const kept = toaster?.dismissAll(again) ?? [];
    for (const a of again) if (!kept.includes(a)) show(a);
  },
};
