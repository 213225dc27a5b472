import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import type { StaffMe } from "#common/api/admin";
import type { SupportHours } from "#common/api/admin-support";
import { formatSupportHours } from "#common/support-hours";
import { Button } from "~/components/ui/Button";
import { Checkbox, Switch } from "~/components/ui/Choice";
import { FormField } from "~/components/ui/FormField";
import { Input } from "~/components/ui/Input";
import { adminApi, can } from "~/features/admin/api";
import { ErrorAlert } from "~/features/admin/kit/errors";
import { ListState } from "~/features/admin/ui";
import { SUPPORT_KEYS } from "./live";

const DAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];
const WORKWEEK: Extract<SupportHours, { mode: "hours" }> = {
  mode: "hours",
  days: [1, 2, 3, 4, 5],
  opens: "09:00",
  closes: "21:00",
  timeZone: "UTC",
};

/**
 * The hours support answers: round the clock (the default), or days and times in a time zone. The site's
 * texts that promise "24/7" say these hours instead while they are set (decision 0054).
 */
export function SupportHoursForm({ me }: { me: StaffMe }) {
  const client = useQueryClient();
  const hours = useQuery({
    queryKey: SUPPORT_KEYS.hours,
    queryFn: async () => (await adminApi.get("/admin/support/hours")).data,
  });
  const [draft, setDraft] = useState<SupportHours | undefined>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>();
  const [saved, setSaved] = useState(false);
  useEffect(() => {
    if (hours.data) setDraft(hours.data);
  }, [hours.data]);
  if (!draft) return <ListState loading={hours.isPending} error={hours.error} empty={false} emptyText="" />;
  const mayEdit = can(me, "support.hours");
  const save = async () => {
    setBusy(true);
    setError(undefined);
    setSaved(false);
    try {
      await adminApi.put("/admin/support/hours", draft);
      await client.invalidateQueries({ queryKey: SUPPORT_KEYS.hours });
      setSaved(true);
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };
  const set = (change: Partial<typeof WORKWEEK>) =>
    setDraft((d) => (d?.mode === "hours" ? { ...d, ...change } : d));
  return (
    <div
      className="grid max-w-xl gap-4 rounded-2xl border border-line bg-surface p-4"
      data-testid="support-hours"
    >
      <p className="text-sm">
        The site says: <strong data-testid="support-hours-text">{formatSupportHours(draft, "en")}</strong>
      </p>
      <div className="flex items-center gap-3 text-sm font-semibold">
        <Switch
          checked={draft.mode === "always"}
          disabled={!mayEdit}
          label="Round the clock"
          onChange={(on) => setDraft(on ? { mode: "always" } : WORKWEEK)}
        />
        Round the clock (24/7)
      </div>
      {draft.mode === "hours" && (
        <>
          <fieldset className="flex flex-wrap gap-3" disabled={!mayEdit}>
            <legend className="mb-1.5 text-sm font-semibold">Days</legend>
            {DAYS.map((label, i) => (
              <Checkbox
                key={label}
                checked={draft.days.includes(i + 1)}
                onChange={(e) =>
                  set({
                    days: e.target.checked
                      ? [...draft.days, i + 1].sort()
                      : draft.days.filter((d) => d !== i + 1),
                  })
                }
              >
                {label}
              </Checkbox>
            ))}
          </fieldset>
          <div className="grid gap-3 sm:grid-cols-3">
            {(["opens", "closes"] as const).map((end) => (
              <FormField key={end} label={end === "opens" ? "Opens" : "Closes"}>
                {(f) => (
                  <Input
                    {...f}
                    type="time"
                    controlSize="sm"
                    disabled={!mayEdit}
                    value={draft[end]}
                    onChange={(e) => set({ [end]: e.target.value })}
                  />
                )}
              </FormField>
            ))}
            <FormField label="Time zone" hint="e.g. Europe/Lisbon">
              {(f) => (
                <Input
                  {...f}
                  controlSize="sm"
                  disabled={!mayEdit}
                  value={draft.timeZone}
                  onChange={(e) => set({ timeZone: e.target.value })}
                />
              )}
            </FormField>
          </div>
        </>
      )}
      <ErrorAlert error={error} />
      {saved && <p className="text-sm text-accent">Saved: the site shows these hours now.</p>}
      {mayEdit ? (
        <div>
          <Button size="sm" busy={busy} onClick={() => void save()}>
            Save hours
          </Button>
        </div>
      ) : (
        <p className="text-sm text-muted">An administrator sets the hours.</p>
      )}
    </div>
  );
}
