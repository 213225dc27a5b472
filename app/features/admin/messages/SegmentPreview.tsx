import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useEffect, useMemo, useState } from "react";
import type { SegmentFilter } from "#common/api/admin-messages";
import { adminApi } from "../api";
import { errorText } from "../kit/errors";

/** The value after `ms` without changes (the live count waits for the typing to stop). */
function useSettled<T>(value: T, ms = 300): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return settled;
}

/** How many players (and a few of them) the segment reaches, counted again once the typing stops. */
export function useSegmentPreview(segment: SegmentFilter) {
  // Compared as text: a new object each render would restart the wait for ever.
  const settledText = useSettled(JSON.stringify(segment));
  const settled = useMemo(() => JSON.parse(settledText) as SegmentFilter, [settledText]);
  return useQuery({
    queryKey: ["admin", "messages", "segment", settled],
    queryFn: async () =>
      (
        await adminApi.get("/admin/messages/segment", {
          ...(settled.countries.length ? { countries: settled.countries.join(",") } : {}),
          ...(settled.currencies.length ? { currencies: settled.currencies.join(",") } : {}),
          ...(settled.levels.length ? { levels: settled.levels.join(",") } : {}),
          ...(settled.activeWithinDays !== null ? { activeWithinDays: settled.activeWithinDays } : {}),
          ...(settled.inactiveForDays !== null ? { inactiveForDays: settled.inactiveForDays } : {}),
        })
      ).data,
    placeholderData: keepPreviousData,
  });
}

/** The count of the segment, who is never in one, and a sample of its players. */
export function SegmentPreview({ preview }: { preview: ReturnType<typeof useSegmentPreview> }) {
  return (
    <>
      <p className="text-sm text-muted">Players who will receive it</p>
      {preview.isPending ? (
        <div aria-busy="true" className="h-10 w-24 animate-pulse rounded-xl bg-surface-3" />
      ) : preview.error ? (
        <p role="alert" className="text-sm text-danger">
          {errorText(preview.error, "Could not count the segment")}
        </p>
      ) : (
        <p className="text-4xl font-extrabold tabular-nums" data-testid="admin-segment-count">
          {preview.data?.count}
        </p>
      )}
      <p className="text-xs text-muted">
        Only active players who opted in to promotions (e-mail or SMS). Blocked, closed and self-excluded
        players and those on a break are never included.
      </p>
      {preview.data && preview.data.sample.length > 0 && (
        <ul className="grid gap-1.5 text-xs" data-testid="admin-segment-sample">
          {preview.data.sample.map((p, i) => (
            <li key={i} className="flex justify-between gap-2 rounded-lg bg-surface px-2.5 py-1.5">
              <span className="truncate">
                {p.name} · {p.email ?? "no e-mail"}
              </span>
              <span className="shrink-0 text-muted">
                {p.country ?? "—"} · L{p.level}
              </span>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
