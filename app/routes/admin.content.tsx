import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Marked } from "marked";
import { type FormEvent, type ReactNode, useId, useMemo, useState } from "react";
import { useOutletContext, useSearchParams } from "react-router";
import type { StaffMe } from "#common/api/admin";
import type {
  AdminContentList,
  ContentField,
  ContentKind,
  ContentState,
  ContentText,
} from "#common/api/admin-content";
import type { SiteLocale } from "#common/i18n/locales";
import { Button } from "~/components/ui/Button";
import { adminApi, can } from "~/features/admin/api";
import { AdminField, errorText, FilterButtons, ListState, Panel, when } from "~/features/admin/ui";
import { Prose } from "~/features/content/Prose";
import { ApiRequestError } from "~/lib/api";

const KEY = ["admin", "content"] as const;
const KINDS: readonly (readonly [ContentKind, string])[] = [
  ["banner", "Banners"],
  ["page", "Pages"],
  ["question", "FAQ"],
];
const IDENTITY_EXAMPLE: Record<ContentKind, string> = {
  banner: "e.g. weekend-cup",
  page: "e.g. promotions/summer-cup",
  question: "e.g. crypto-fees",
};
const NOUN: Record<ContentKind, string> = { banner: "banner", page: "page", question: "FAQ answer" };
const LOCALE_NAMES: Record<string, string> = { en: "English", ru: "Russian", "pt-br": "Portuguese (Brazil)" };

const STATE_TEXT: Record<ContentState, string> = {
  file: "file",
  edited: "edited",
  new: "new",
  missing: "missing",
};
const STATE_TONE: Record<ContentState, string> = {
  file: "bg-surface-2 text-muted",
  edited: "bg-accent/15 text-accent",
  new: "bg-success/15 text-success",
  missing: "bg-danger/15 text-danger",
};

function StateBadge({ locale, state }: { locale?: string; state: ContentState }) {
  return (
    <span
      data-testid="admin-content-state"
      className={`inline-flex rounded-full px-2 py-0.5 text-xs font-bold ${STATE_TONE[state]}`}
    >
      {locale ? `${locale.toUpperCase()} ${STATE_TEXT[state]}` : STATE_TEXT[state]}
    </span>
  );
}

// Staff's own text, previewed in their tab: raw HTML is shown as text (the server refuses it on save).
const preview = new Marked({ gfm: true, renderer: { html: ({ text }) => escapeHtml(text) } });
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const selectClass =
  "h-11 w-full min-w-0 rounded-xl border border-line bg-bg/60 px-3 text-sm font-normal text-fg outline-none focus:border-accent focus:ring-2 focus:ring-accent/25";

/** A front matter field as the form shows it. */
function FieldInput({
  field,
  value,
  onChange,
  disabled,
  error,
}: {
  field: ContentField;
  value: string;
  onChange: (v: string) => void;
  disabled: boolean;
  error?: string;
}) {
  const id = useId();
  const label = `${field.label}${field.required ? "" : " (optional)"}`;
  return (
    <div className="grid min-w-0 gap-1">
      {field.type === "select" ? (
        <label htmlFor={id} className="grid gap-1.5 text-sm font-semibold">
          {label}
          <select
            id={id}
            value={value}
            disabled={disabled}
            onChange={(e) => onChange(e.target.value)}
            className={selectClass}
          >
            {(!field.required || !value) && <option value="">—</option>}
            {field.options?.map((o) => (
              <option key={o} value={o}>
                {o}
              </option>
            ))}
          </select>
        </label>
      ) : (
        <AdminField
          label={label}
          type={field.type === "number" ? "number" : "text"}
          value={value}
          disabled={disabled}
          onChange={onChange}
        />
      )}
      {field.hint && <p className="text-xs text-muted">{field.hint}</p>}
      {error && (
        <p role="alert" className="text-xs text-danger">
          {error}
        </p>
      )}
    </div>
  );
}

type Form = { attributes: Record<string, string>; body: string };
const formOf = (text: ContentText | null): Form => ({
  attributes: Object.fromEntries(Object.entries(text?.attributes ?? {}).map(([k, v]) => [k, String(v)])),
  body: text?.body ?? "",
});
/** The form as the API takes it: empty fields left out, numbers as numbers. */
const textOf = (form: Form, fields: ContentField[]): ContentText => {
  const attributes: Record<string, string | number> = {};
  for (const f of fields) {
    const v = (form.attributes[f.name] ?? "").trim();
    if (v === "") continue;
    attributes[f.name] = f.type === "number" && /^-?\d+$/.test(v) ? Number(v) : v;
  }
  return { attributes, body: form.body };
};
const fieldErrors = (err: unknown): Record<string, string> =>
  err instanceof ApiRequestError
    ? Object.fromEntries(
        Object.entries((err.body as { errors?: Record<string, string[]> }).errors ?? {}).map(([k, v]) => [
          k,
          v.join(" "),
        ]),
      )
    : {};

/** The fields, the body and its preview; `identity` asks for a new entry's identity. */
function TextEditor({
  list,
  initial,
  editable,
  busy,
  error,
  submitLabel,
  onSubmit,
  withIdentity,
  extra,
}: {
  list: AdminContentList;
  initial: ContentText | null;
  editable: boolean;
  busy: boolean;
  error: unknown;
  submitLabel: string;
  onSubmit: (text: ContentText, identity: string) => void;
  withIdentity?: boolean;
  extra?: ReactNode;
}) {
  const [form, setForm] = useState<Form>(() => formOf(initial));
  const [identity, setIdentity] = useState("");
  const bodyId = useId();
  const errors = fieldErrors(error);
  const html = useMemo(() => {
    if (list.kind === "banner") return `<p>${escapeHtml(form.body)}</p>`;
    return preview.parse(form.body, { async: false });
  }, [form.body, list.kind]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit(textOf(form, list.fields), identity.trim());
  };
  const unknownError = error && Object.keys(errors).length === 0 ? errorText(error) : undefined;
  return (
    <form onSubmit={submit} className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-4" aria-label="Entry text">
      {withIdentity && (
        <div className="grid gap-1">
          <AdminField
            label="Identity (in the address)"
            value={identity}
            onChange={setIdentity}
            placeholder={IDENTITY_EXAMPLE[list.kind]}
          />
          {errors.identity && <p className="text-xs text-danger">{errors.identity}</p>}
        </div>
      )}
      <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-3 sm:grid-cols-2">
        {list.fields.map((f) => (
          <FieldInput
            key={f.name}
            field={f}
            value={form.attributes[f.name] ?? ""}
            disabled={!editable}
            error={errors[f.name]}
            onChange={(v) => setForm({ ...form, attributes: { ...form.attributes, [f.name]: v } })}
          />
        ))}
      </div>
      <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-3 lg:grid-cols-2">
        <label htmlFor={bodyId} className="grid content-start gap-1.5 text-sm font-semibold">
          {list.bodyLabel}
          <textarea
            id={bodyId}
            value={form.body}
            disabled={!editable}
            onChange={(e) => setForm({ ...form, body: e.target.value })}
            rows={list.kind === "banner" ? 4 : 14}
            className="w-full min-w-0 rounded-xl border border-line bg-bg/60 p-3 font-mono text-sm font-normal text-fg outline-none focus:border-accent focus:ring-2 focus:ring-accent/25"
          />
          {errors.body && <span className="text-xs text-danger">{errors.body}</span>}
        </label>
        <div className="grid min-w-0 content-start gap-1.5">
          <p className="text-sm font-semibold">Preview</p>
          <div
            data-testid="admin-content-preview"
            className="max-h-96 min-w-0 overflow-auto rounded-xl border border-line bg-bg/40 p-3 text-sm"
          >
            <Prose html={html} />
          </div>
        </div>
      </div>
      {unknownError && (
        <p role="alert" className="text-sm text-danger">
          {unknownError}
        </p>
      )}
      {editable && (
        <div className="flex flex-wrap gap-2">
          <Button type="submit" size="sm" disabled={busy}>
            {submitLabel}
          </Button>
          {extra}
        </div>
      )}
    </form>
  );
}

function useEntry(kind: ContentKind, identity: string, locale: SiteLocale) {
  return useQuery({
    queryKey: [...KEY, kind, "entry", identity, locale],
    queryFn: async () => (await adminApi.get(`/admin/content/${kind}/entry`, { identity, locale })).data,
  });
}

/** One entry in one locale: its state, the form, save and revert. */
function LocaleEditor({
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
  const client = useQueryClient();
  const entry = useEntry(list.kind, identity, locale);
  const [startFrom, setStartFrom] = useState<"empty" | "fallback">("fallback");
  const done = () => void client.invalidateQueries({ queryKey: [...KEY, list.kind] });
  const save = useMutation({
    mutationFn: (text: ContentText) =>
      adminApi.put(`/admin/content/${list.kind}/entry`, { identity, locale, ...text }),
    onSuccess: done,
  });
  const revert = useMutation({
    mutationFn: () => adminApi.post(`/admin/content/${list.kind}/entry/revert`, { identity, locale }),
    onSuccess: done,
  });
  if (entry.isPending || entry.error)
    return <ListState loading={entry.isPending} error={entry.error} empty={false} emptyText="" />;
  const e = entry.data;
  const initial = e.effective ?? (startFrom === "fallback" ? e.fallback : null);
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
            `Not translated: the site shows the ${LOCALE_NAMES[list.defaultLocale]} text. The form starts from it.`}
        </span>
        {e.state === "missing" && editable && (
          <Button
            size="sm"
            variant="ghost"
            onClick={() => setStartFrom(startFrom === "fallback" ? "empty" : "fallback")}
          >
            {startFrom === "fallback" ? "Start empty" : `Start from ${LOCALE_NAMES[list.defaultLocale]}`}
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
      {revert.error && (
        <p role="alert" className="text-sm text-danger">
          {errorText(revert.error)}
        </p>
      )}
      {e.state === "edited" && e.file && (
        <details className="rounded-xl border border-line p-3 text-sm">
          <summary className="cursor-pointer font-semibold">The file's text</summary>
          <dl className="mt-2 grid gap-1 text-xs">
            {Object.entries(e.file.attributes).map(([k, v]) => (
              <div key={k} className="flex gap-2">
                <dt className="text-muted">{k}</dt>
                <dd className="min-w-0 break-words">{String(v)}</dd>
              </div>
            ))}
          </dl>
          <pre className="mt-2 max-h-64 overflow-auto whitespace-pre-wrap break-words text-xs text-muted">
            {e.file.body}
          </pre>
        </details>
      )}
    </div>
  );
}

function NewEntry({ list, onCreated }: { list: AdminContentList; onCreated: (identity: string) => void }) {
  const client = useQueryClient();
  const create = useMutation({
    mutationFn: ({ text, identity }: { text: ContentText; identity: string }) =>
      adminApi.post(`/admin/content/${list.kind}`, { identity, locale: list.defaultLocale, ...text }),
    onSuccess: (_d, v) => {
      void client.invalidateQueries({ queryKey: [...KEY, list.kind] });
      onCreated(v.identity);
    },
  });
  return (
    <TextEditor
      list={list}
      initial={null}
      editable
      withIdentity
      busy={create.isPending}
      error={create.error}
      submitLabel={`Create in ${LOCALE_NAMES[list.defaultLocale]}`}
      onSubmit={(text, identity) => create.mutate({ text, identity })}
    />
  );
}

/**
 * `/admin/content` (decision 0028): banners, content pages and FAQ answers in every locale, side by side with
 * where each text comes from (the file, staff's edit, only the database, or missing). A save shows on the site
 * at once; a browser or CDN that kept an earlier answer may show it until its max-age ends.
 */
export default function AdminContent() {
  const me = useOutletContext<StaffMe>();
  const editable = can(me, "content.write");
  const [params, setParams] = useSearchParams();
  const kind = KINDS.find(([k]) => k === params.get("kind"))?.[0] ?? "question";
  const identity = params.get("entry") ?? undefined;
  const [creating, setCreating] = useState(false);
  const list = useQuery({
    queryKey: [...KEY, kind, "list"],
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
          <ul className="grid min-w-0 gap-1.5" aria-label="Entries">
            {list.data?.entries.map((e) => (
              <li key={e.identity}>
                <button
                  type="button"
                  data-testid="admin-content-entry"
                  aria-current={e.identity === identity && !creating ? "true" : undefined}
                  onClick={() => {
                    setCreating(false);
                    select({ entry: e.identity });
                    // On a phone the editor is below the list: bring it into view.
                    if (window.innerWidth < 1024)
                      requestAnimationFrame(() =>
                        document.getElementById("admin-content-editor")?.scrollIntoView({ block: "start" }),
                      );
                  }}
                  className={`grid w-full min-w-0 gap-1 rounded-xl border px-3 py-2 text-left ${
                    e.identity === identity && !creating
                      ? "border-accent bg-accent/10"
                      : "border-line bg-surface hover:bg-surface-2"
                  }`}
                >
                  <span className="truncate text-sm font-semibold">{e.title}</span>
                  <span className="truncate text-xs text-muted">{e.identity}</span>
                  <span className="flex flex-wrap gap-1">
                    {Object.entries(e.states).map(([l, s]) => (
                      <StateBadge key={l} locale={l} state={s} />
                    ))}
                  </span>
                </button>
              </li>
            ))}
          </ul>
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
              <div className="mb-4 grid min-w-0 grid-cols-3 gap-2" role="tablist" aria-label="Languages">
                {list.data.locales.map((l) => (
                  <button
                    key={l}
                    type="button"
                    role="tab"
                    aria-selected={l === locale}
                    onClick={() => select({ locale: l })}
                    className={`grid min-w-0 gap-1 rounded-xl border px-3 py-2 text-left ${
                      l === locale ? "border-accent bg-accent/10" : "border-line hover:bg-surface-2"
                    }`}
                  >
                    <span className="truncate text-sm font-semibold">
                      <span className="sm:hidden">{l.toUpperCase()}</span>
                      <span className="hidden sm:inline">{LOCALE_NAMES[l] ?? l}</span>
                    </span>
                    <span className="justify-self-start">
                      <StateBadge state={chosen.states[l] ?? "missing"} />
                    </span>
                  </button>
                ))}
              </div>
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
