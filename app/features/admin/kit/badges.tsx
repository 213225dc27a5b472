import { clsx } from "clsx";
import type { ReactNode } from "react";

export const STATUS_TONE: Record<string, string> = {
  active: "bg-success/15 text-success",
  blocked: "bg-danger/15 text-danger",
  closed: "bg-surface-3 text-muted",
  selfExcluded: "bg-accent/15 text-accent",
  coolingOff: "bg-accent/15 text-accent",
  pending: "bg-accent/15 text-accent",
  applied: "bg-success/15 text-success",
  rejected: "bg-surface-3 text-muted",
};

/** A status as a coloured badge; `label` when the words differ from the tone's name. */
export function StatusBadge({ status, label }: { status: string; label?: string }) {
  return (
    <span
      data-testid="admin-status"
      className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-bold ${STATUS_TONE[status] ?? "bg-surface-2"}`}
    >
      {label ?? status}
    </span>
  );
}

const DOCUMENT_STATUS_NAMES: Record<number, string> = { 1: "pending", 2: "approved", 3: "declined" };

/** A document's status (player.document.status: 1 pending, 2 approved, 3 declined) as a badge. */
export function DocumentStatus({ status }: { status: number }) {
  const name = DOCUMENT_STATUS_NAMES[status] ?? String(status);
  return (
    <StatusBadge
      status={name === "approved" ? "applied" : name === "declined" ? "blocked" : "pending"}
      label={name}
    />
  );
}

export type TagTone = "danger" | "accent" | "muted" | "success";
const TAG_TONE: Record<TagTone, string> = {
  danger: "bg-danger/15 text-danger",
  accent: "bg-accent/15 text-accent",
  muted: "bg-surface-2 text-muted",
  success: "bg-success/15 text-success",
};

/** A small fact about a row (hidden, 3 running, only BR): a pill in the tone of what it says. */
export function Tag({ tone, children, testId }: { tone: TagTone; children: ReactNode; testId?: string }) {
  return (
    <span
      data-testid={testId}
      className={clsx("inline-flex rounded-full px-2 py-0.5 text-xs font-bold", TAG_TONE[tone])}
    >
      {children}
    </span>
  );
}
