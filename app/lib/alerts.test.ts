import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ALERT_SPACING_MS, type Alert, alert, connectToaster, createAlertQueue } from "./alerts";

const a = (text: string): Alert => ({ kind: "info", text, duration: 3000 });

describe("alert spacing", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("shows a lone alert at once", () => {
    const shown: string[] = [];
    const q = createAlertQueue((x) => shown.push(x.text));
    q.push(a("one"));
    expect(shown).toEqual(["one"]);
  });

  it("shows a burst one by one, at least 400 ms apart", () => {
    const shown: [string, number][] = [];
    const start = Date.now();
    const q = createAlertQueue((x) => shown.push([x.text, Date.now() - start]));
    q.push(a("one"));
    q.push(a("two"));
    q.push(a("three"));
    expect(shown.map(([t]) => t)).toEqual(["one"]);
    vi.advanceTimersByTime(ALERT_SPACING_MS - 1);
    expect(shown).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(shown).toHaveLength(2);
    vi.advanceTimersByTime(ALERT_SPACING_MS);
    expect(shown).toEqual([
      ["one", 0],
      ["two", 400],
      ["three", 800],
    ]);
  });

  it("waits only for what is left of the spacing after a quiet moment", () => {
    const shown: number[] = [];
    const start = Date.now();
    const q = createAlertQueue(() => shown.push(Date.now() - start));
    q.push(a("one"));
    vi.advanceTimersByTime(300);
    q.push(a("two"));
    vi.advanceTimersByTime(99);
    expect(shown).toEqual([0]);
    vi.advanceTimersByTime(1);
    expect(shown).toEqual([0, 400]);
    vi.advanceTimersByTime(1000);
    q.push(a("three"));
    expect(shown).toEqual([0, 400, 1400]);
  });

  it("drops waiting alerts on clear (a page change)", () => {
    const shown: string[] = [];
    const q = createAlertQueue((x) => shown.push(x.text));
    q.push(a("one"));
    q.push(a("two"));
    q.clear();
    vi.advanceTimersByTime(5000);
    expect(shown).toEqual(["one"]);
    expect(q.size).toBe(0);
  });
});

describe("a page change", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    connectToaster(undefined);
    vi.useRealTimers();
  });

  it("hides every alert, and shows one raised across it again on the new page, once", () => {
    const events: string[] = [];
    // A toaster whose alerts have all left the screen by the page change.
    connectToaster({
      show: (x) => events.push(`show ${x.text}`),
      dismissAll: () => {
        events.push("dismiss");
        return [];
      },
    });
    alert.info("You are taking a break", { duration: 20_000, acrossPageChange: true });
    vi.advanceTimersByTime(ALERT_SPACING_MS);
    alert.success("Saved");
    vi.advanceTimersByTime(ALERT_SPACING_MS);
    alert.dismissAll();
    vi.advanceTimersByTime(ALERT_SPACING_MS);
    alert.dismissAll();
    vi.advanceTimersByTime(ALERT_SPACING_MS);
    expect(events).toEqual([
      "show You are taking a break",
      "show Saved",
      "dismiss",
      "show You are taking a break",
      "dismiss",
    ]);
  });

  it("leaves one raised across a page change where it is while it is still on screen: drawn once", () => {
    const events: string[] = [];
    const onScreen = new Set<Alert>();
    connectToaster({
      show: (x) => {
        onScreen.add(x);
        events.push(`show ${x.text}`);
      },
      dismissAll: (keep) => {
        const kept = [...onScreen].filter((a) => keep.includes(a));
        for (const a of onScreen) if (!kept.includes(a)) events.push(`dismiss ${a.text}`);
        onScreen.clear();
        for (const a of kept) onScreen.add(a);
        return kept;
      },
    });
    // Past the spacing of the alerts shown by the tests before (the queue is the module's).
    vi.advanceTimersByTime(10 * ALERT_SPACING_MS);
    alert.success("Saved");
    vi.advanceTimersByTime(ALERT_SPACING_MS);
    alert.info("You are taking a break", { duration: 20_000, acrossPageChange: true });
    vi.advanceTimersByTime(ALERT_SPACING_MS);
    alert.dismissAll();
    vi.advanceTimersByTime(ALERT_SPACING_MS);
    expect(events).toEqual(["show Saved", "show You are taking a break", "dismiss Saved"]);
    expect([...onScreen].map((a) => a.text)).toEqual(["You are taking a break"]);
  });
});
