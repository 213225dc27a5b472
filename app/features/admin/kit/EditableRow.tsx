import { type QueryKey, useMutation, useQueryClient } from "@tanstack/react-query";
import { clsx } from "clsx";
import { type ReactNode, useState } from "react";
import { Button } from "~/components/ui/Button";
import { RowError } from "./errors";

/**
 * A back-office change through TanStack Query: `save` calls the API, then every query under `refresh` is
 * fetched again (the list the row stands in, its counts), also after a refusal (another member of staff may
 * have changed the row first: the list then shows why); `after` runs on success (close the editor).
 */
export function useSaveAndRefresh<V = void, D = unknown>(
  save: (vars: V) => Promise<D>,
  refresh: QueryKey,
  after?: (data: D, vars: V) => void,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: save,
    onSettled: () => void client.invalidateQueries({ queryKey: refresh }),
    onSuccess: (data, vars) => after?.(data, vars),
  });
}

/** A row's on/off switch: its state, the words on its button in each state and the call that flips it. */
export interface RowToggle {
  on: boolean;
  /** The button's words while on (what pressing does: "Hide") and while off ("Show"). */
  labels: readonly [whileOn: string, whileOff: string];
  /** Saves the new state (`!on`). */
  save: (on: boolean) => Promise<unknown>;
}

/** A part the row opens under itself (a collection's games), beside its editor. */
export interface RowPanel {
  label: string;
  render: () => ReactNode;
  /** Shown to staff who may only look, too. */
  readable?: boolean;
}

const EDIT = "edit";

/**
 * One row of a back-office list that staff change in place: what it shows (`children`), a switch button
 * (shown, on, enabled…) saved at once, and an Edit button opening `editor` under the row; both save through
 * TanStack Query and refresh the queries under `refresh`. Buttons sit beside the row (`side`, the switch
 * first) or under it (`below`, Edit first, gone while the editor is open). Staff who may only look (not
 * `editable`) see no buttons but the readable panels.
 */
export function EditableRow({
  testId,
  refresh,
  editable,
  toggle,
  editor,
  panels = {},
  layout = "side",
  className = "grid min-w-0 grid-cols-[minmax(0,1fr)] gap-3 rounded-2xl border border-line bg-surface p-3",
  headClassName = "flex items-start gap-3",
  errorView = (error) => <RowError error={error} />,
  children,
}: {
  testId?: string;
  refresh: QueryKey;
  editable: boolean;
  toggle?: RowToggle;
  /** The form under the row; it calls `close` when saved or cancelled. */
  editor?: (close: () => void) => ReactNode;
  panels?: Record<string, RowPanel>;
  layout?: "side" | "below";
  className?: string;
  /** The row's top line (with `side` buttons at its end). */
  headClassName?: string;
  /** How a failed switch says so (a line by default). */
  errorView?: (error: unknown) => ReactNode;
  children: ReactNode;
}) {
  const [open, setOpen] = useState<string | undefined>();
  const flip = useSaveAndRefresh(() => toggle!.save(!toggle!.on), refresh);
  const close = () => setOpen(undefined);
  const opener = (name: string) => () => setOpen(open === name ? undefined : name);
  const side = layout === "side";
  const switchButton = editable && toggle && (
    <Button
      size="sm"
      variant={side ? "secondary" : "ghost"}
      disabled={flip.isPending}
      onClick={() => flip.mutate()}
    >
      {toggle.on ? toggle.labels[0] : toggle.labels[1]}
    </Button>
  );
  const editButton = editable && editor && (
    <Button
      size="sm"
      variant={side ? "ghost" : "secondary"}
      onClick={opener(EDIT)}
      aria-expanded={open === EDIT}
    >
      Edit
    </Button>
  );
  const panelButtons = Object.entries(panels)
    .filter(([, p]) => editable || p.readable)
    .map(([name, p]) => (
      <Button key={name} size="sm" variant="ghost" onClick={opener(name)} aria-expanded={open === name}>
        {p.label}
      </Button>
    ));
  const shown = open === undefined ? undefined : open === EDIT ? editor?.(close) : panels[open]?.render();
  return (
    <li className={className} data-testid={testId}>
      {side ? (
        <div className={headClassName}>
          {children}
          {(switchButton || editButton || panelButtons.length > 0) && (
            <div className="flex shrink-0 flex-wrap justify-end gap-1.5">
              {switchButton}
              {editButton}
              {panelButtons}
            </div>
          )}
        </div>
      ) : (
        <>
          {children}
          {open !== EDIT && (switchButton || editButton || panelButtons.length > 0) && (
            <div className="flex flex-wrap gap-2">
              {editButton}
              {switchButton}
              {panelButtons}
            </div>
          )}
        </>
      )}
      {errorView(flip.error)}
      {shown}
    </li>
  );
}

/** The frame of an EditableRow for a row whose form is always open (a level's figures, a provider's order). */
export const rowClass = (extra?: string) =>
  clsx("grid min-w-0 gap-3 rounded-2xl border border-line bg-surface p-4", extra);
