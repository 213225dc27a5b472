import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { AdminContentList, ContentText } from "#common/api/admin-content";
import type { SiteLocale } from "#common/i18n/locales";
import { Button } from "~/components/ui/Button";
import { adminApi } from "../api";
import { useSaveAndRefresh } from "../kit/EditableRow";
import { ErrorAlert } from "../kit/errors";
import { when } from "../kit/format";
import { ListState } from "../kit/ListState";
import { CONTENT_KEY, LOCALE_NAMES } from "./content-words";
import { FileText } from "./FileText";
import { StateBadge } from "./StateBadge";
import { TextEditor } from "./TextEditor";

/** One entry in one locale: its state, the form, save and revert. */
export function LocaleEditor({
  list,
  identity,
  locale,
  editable,
}: {
  list: AdminContentList;
  identity: string;
  locale: SiteLocale;
  editable: boolean;
}) {
  const entry = useQuery({
    queryKey: [...CONTENT_KEY, list.kind, "entry", identity, locale],
    queryFn: async () => (await adminApi.get(`/admin/content/${list.kind}/entry`, { identity, locale })).data,
  });
  const [startFrom, setStartFrom] = useState<"empty" | "fallback">("fallback");
  const refresh = [...CONTENT_KEY, list.kind];
  const save = useSaveAndRefresh(
    (text: ContentText) => adminApi.put(`/admin/content/${list.kind}/entry`, { identity, locale, ...text }),
    refresh,
  );
  const revert = useSaveAndRefresh(
    () => adminApi.post(`/admin/content/${list.kind}/entry/revert`, { identity, locale }),
    refresh,
  );
  if (entry.isPending || entry.error)
    return <ListState loading={entry.isPending} error={entry.error} empty={false} emptyText="" />;
  const e = entry.data;
  const initial = e.effective ?? (startFrom === "fallback" ? e.fallback : null);
  const defaultName = LOCALE_NAMES[list.defaultLocale];
  return (
    <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-3" data-testid="admin-content-editor">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <StateBadge state={e.state} />
        <span className="text-muted">
          {e.state === "file" && "From the file: saving makes an edit over it."}
          {e.state === "edited" &&
            `Edited over the file${e.updatedAt ? ` · saved ${when(e.updatedAt)}` : ""}.`}
          {e.state === "new" && `Only in the database${e.updatedAt ? ` · saved ${when(e.updatedAt)}` : ""}.`}
          {e.state === "missing" &&
            `Not translated: the site shows the ${defaultName} text. The form starts from it.`}
        </span>
        {e.state === "missing" && editable && (
          <Button
            size="sm"
            variant="ghost"
            onClick={() => setStartFrom(startFrom === "fallback" ? "empty" : "fallback")}
          >
            {startFrom === "fallback" ? "Start empty" : `Start from ${defaultName}`}
          </Button>
        )}
      </div>
      <TextEditor
        key={`${identity}:${locale}:${e.updatedAt}:${e.state}:${startFrom}`}
        list={list}
        initial={initial}
        editable={editable}
        busy={save.isPending}
        error={save.error}
        submitLabel="Save"
        onSubmit={(text) => save.mutate(text)}
        extra={
          (e.state === "edited" || e.state === "new") && (
            <Button size="sm" variant="secondary" disabled={revert.isPending} onClick={() => revert.mutate()}>
              {e.state === "edited" ? "Revert to the file" : "Delete this text"}
            </Button>
          )
        }
      />
      {save.isSuccess && !save.isPending && (
        <p role="status" className="text-sm text-success">
          Saved: the site shows it now.
        </p>
      )}
      <ErrorAlert error={revert.error} />
      {e.state === "edited" && e.file && <FileText file={e.file} />}
    </div>
  );
}
