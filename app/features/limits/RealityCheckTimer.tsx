import { useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { findModal, modalParam } from "~/modals/registry";
import { useModals } from "~/modals/use-modal";
import { nextDue, reminderValue, timerDelay, useRealityCheck } from "./reality-check";

const entry = findModal("reality-check")!;

/**
 * The reality check's clock, on every page of a logged-in player (mounted by the shell): waits for the next
 * reminder and opens the `reality-check` modal then. While the modal is open nothing is timed; when it
 * closes, the answer it fetched times the next one. Each tab times its own.
 */
export function RealityCheckTimer() {
  const q = useRealityCheck();
  const location = useLocation();
  const modals = useModals();
  const open = useRef(modals.open);
  open.current = modals.open;
  const showing = new URLSearchParams(location.search).has(modalParam(entry));
  // The reminder last opened: an answer older than it must not open it again.
  const [shown, setShown] = useState<string>();
  // A timer cannot wait longer than ~24 days: such a wait is timed again when it ends.
  const [, setRetime] = useState(0);

  useEffect(() => {
    if (!q.data || showing) return;
    const due = nextDue(q.data, q.dataUpdatedAt, shown);
    if (!due) return;
    const timer = setTimeout(
      () => {
        if (Date.now() < due.at) return setRetime((n) => n + 1);
        setShown(due.nextAt);
        open.current(entry.id, reminderValue(due.nextAt));
      },
      timerDelay(due.at, Date.now()),
    );
    return () => clearTimeout(timer);
  }, [q.data, q.dataUpdatedAt, showing, shown]);

  return null;
}
