import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useSearchParams } from "react-router";
import type { ContentKind } from "#common/api/admin-content";
import type { SiteLocale } from "#common/i18n/locales";
import { Button } from "~/components/ui/Button";
import { adminApi, useCan } from "../api";
import { FilterButtons } from "../kit/filters";
import { ListState } from "../kit/ListState";
import { Panel } from "../kit/Panel";
import { CONTENT_KEY, KINDS, NOUN } from "./content-words";
import { EntryList } from "./EntryList";
import { LocaleEditor } from "./LocaleEditor";
import { LocaleTabs } from "./LocaleTabs";
import { NewEntry } from "./NewEntry";

/**
 * Content (decision 0028): banners, content pages and FAQ answers in every locale, side by side with where
 * each text comes from (the file, staff's edit, only the database, or missing). A save shows on the site at
 * once; a browser or CDN that kept an earlier answer may show it until its max-age ends.
 */
export function ContentScreen() {
  const editable = useCan("content.write");
  const [params, setParams] = useSearchParams();
  const kind = KINDS.find(([k]) => k === params.get("kind"))?.[0] ?? "question";
  const identity = params.get("entry") ?? undefined;
  const [creating, setCreating] = useState(false);
  const list = useQuery({
    queryKey: [...CONTENT_KEY, kind, "list"],
    queryFn: async () => (await adminApi.get(`/admin/content/${kind}`)).data,
  });
  // A locale from the address goes as it is: one the site does not have is the server's to refuse.
  const locale = (params.get("locale") ?? list.data?.defaultLocale ?? "en") as SiteLocale;
  const select = (next: Record<string, string | undefined>) => {
    const merged = { kind, entry: identity, locale, ...next };
    setParams(
      Object.fromEntries(Object.entries(merged).filter(([, v]) => v !== undefined)) as Record<string, string>,
    );
  };
  const choose = (entry: string) => {
    setCreating(false);
    select({ entry });
    // On a phone the editor is below the list: bring it into view.
    if (window.innerWidth < 1024)
      requestAnimationFrame(() =>
        document.getElementById("admin-content-editor")?.scrollIntoView({ block: "start" }),
      );
  };
  const chosen = list.data?.entries.find((e) => e.identity === identity);
  return (
    <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] max-w-6xl gap-5">
      <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-1">
        <h1 className="text-2xl font-extrabold">Content</h1>
        <p className="text-sm text-muted" data-testid="admin-content-cache">
          Saved text shows on the site at once
          {list.data &&
            `; a browser or CDN that kept a page may show the earlier text up to ${Math.round(list.data.cacheSeconds / 60)} minutes`}
          .{!editable && " You may look; changing needs the content role."}
        </p>
      </div>
      <FilterButtons<ContentKind>
        options={KINDS}
        value={kind}
        onChange={(k) => {
          setCreating(false);
          setParams({ kind: k });
        }}
      />
      <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-5 lg:grid-cols-[20rem_minmax(0,1fr)]">
        <div className="grid min-w-0 content-start gap-2">
          {editable && (
            <Button size="sm" variant="secondary" onClick={() => setCreating(true)}>
              New {NOUN[kind]}
            </Button>
          )}
          <ListState
            loading={list.isPending}
            error={list.error}
            empty={list.data?.entries.length === 0}
            emptyText={`No ${NOUN[kind]}s yet.`}
          />
          <EntryList
            entries={list.data?.entries ?? []}
            chosen={creating ? undefined : identity}
            onChoose={choose}
          />
        </div>
        <div id="admin-content-editor" className="grid min-w-0 content-start gap-4">
          {list.data && creating && (
            <Panel title={`New ${NOUN[kind]}`}>
              <NewEntry
                list={list.data}
                onCreated={(id) => {
                  setCreating(false);
                  select({ entry: id, locale: list.data.defaultLocale });
                }}
              />
            </Panel>
          )}
          {list.data && !creating && !chosen && !list.isPending && (
            <p className="rounded-2xl border border-dashed border-line p-6 text-sm text-muted">
              Choose a {NOUN[kind]} to see its text in every language.
            </p>
          )}
          {list.data && !creating && chosen && (
            <Panel title={chosen.title} testId="admin-content-panel">
              <LocaleTabs
                locales={list.data.locales}
                states={chosen.states}
                value={locale}
                onChange={(l) => select({ locale: l })}
              />
              <LocaleEditor
                key={`${kind}:${chosen.identity}:${locale}`}
                list={list.data}
                identity={chosen.identity}
                locale={locale}
                editable={editable}
              />
            </Panel>
          )}
        </div>
      </div>
    </div>
  );
}
