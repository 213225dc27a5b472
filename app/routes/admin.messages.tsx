import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useId, useMemo, useState } from "react";
import { useOutletContext, useSearchParams } from "react-router";
import type { StaffMe } from "#common/api/admin";
import type { Campaign, CampaignCreateBody, SegmentFilter } from "#common/api/admin-messages";
import type { LoyaltyLevel } from "#common/api/loyalty";
import type { Country, Currency } from "#common/api/settings";
import { Button } from "~/components/ui/Button";
import { Pager } from "~/components/ui/Pager";
import { adminApi, can } from "~/features/admin/api";
import {
  AdminField,
  errorText,
  FilterButtons,
  ListState,
  Panel,
  pageLabel,
  StatusBadge,
  when,
} from "~/features/admin/ui";

const LOCALES = [
  ["en", "English"],
  ["ru", "Russian"],
  ["pt-br", "Portuguese"],
] as const;
type Locale = (typeof LOCALES)[number][0];
type Activity = "any" | "active" | "inactive";

/** A public list of the site (countries, currencies, levels): fetched without the staff token. */
async function publicList<T>(path: string): Promise<T[]> {
  const res = await fetch(`/api${path}`);
  if (!res.ok) throw new Error("Could not load this");
  return ((await res.json()) as { data: T[] }).data;
}

/** A new idempotency key for a compose: a double click or a retried request sends the campaign once. */
const players = (n: number) => `${n} player${n === 1 ? "" : "s"}`;

const newKey = () =>
  typeof crypto !== "undefined" && "randomUUID" in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`;

/** The value after `ms` without changes (the live count waits for the typing to stop). */
function useSettled<T>(value: T, ms = 300): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return settled;
}

function Chips<T extends string | number>({
  label,
  options,
  chosen,
  onChange,
  testId,
}: {
  label: string;
  options: readonly (readonly [T, string])[];
  chosen: T[];
  onChange: (v: T[]) => void;
  testId?: string;
}) {
  return (
    <fieldset className="grid gap-1.5" data-testid={testId}>
      <legend className="mb-1.5 text-sm font-semibold">{label}</legend>
      <div className="flex flex-wrap gap-1.5">
        {options.map(([value, name]) => {
          const on = chosen.includes(value);
          return (
            <button
              key={String(value)}
              type="button"
              aria-pressed={on}
              onClick={() => onChange(on ? chosen.filter((c) => c !== value) : [...chosen, value])}
              className={`rounded-xl border px-3 py-1.5 text-sm font-semibold ${
                on ? "border-accent bg-accent/15 text-fg" : "border-line text-muted hover:bg-surface-2"
              }`}
            >
              {name}
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}

function TextArea({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
}) {
  const id = useId();
  return (
    <label htmlFor={id} className="grid gap-1.5 text-sm font-semibold">
      {label}
      <textarea
        id={id}
        value={value}
        rows={4}
        maxLength={1000}
        onChange={(e) => onChange(e.target.value)}
        className="w-full rounded-xl border border-line bg-bg/60 px-3.5 py-2.5 font-normal text-fg outline-none transition focus:border-accent focus:ring-2 focus:ring-accent/25"
      />
    </label>
  );
}

/** "DE, at" → ["DE", "AT"], and the codes the site does not know. */
function parseCountries(text: string, known: Country[] | undefined) {
  const codes = [
    ...new Set(
      text
        .split(/[\s,;]+/)
        .map((c) => c.trim().toUpperCase())
        .filter(Boolean),
    ),
  ];
  const unknown = known ? codes.filter((c) => !known.some((k) => k.code === c)) : [];
  return { codes: codes.filter((c) => !unknown.includes(c)), unknown };
}

function segmentText(s: SegmentFilter, levels: LoyaltyLevel[] | undefined): string {
  const parts: string[] = [];
  if (s.countries.length) parts.push(s.countries.join(", "));
  if (s.currencies.length) parts.push(s.currencies.join(", "));
  if (s.levels.length)
    parts.push(
      s.levels
        .map((l) => (l === 0 ? "no level" : (levels?.find((x) => x.order === l)?.name ?? `level ${l}`)))
        .join(", "),
    );
  if (s.activeWithinDays !== null) parts.push(`active in ${s.activeWithinDays} d`);
  if (s.inactiveForDays !== null) parts.push(`inactive ${s.inactiveForDays}+ d`);
  return parts.length ? parts.join(" · ") : "Everyone who opted in";
}

function Compose({ levels }: { levels: LoyaltyLevel[] | undefined }) {
  const client = useQueryClient();
  const countriesList = useQuery({
    queryKey: ["settings", "countries"],
    queryFn: () => publicList<Country>("/settings/countries"),
    staleTime: 300_000,
  });
  const currencies = useQuery({
    queryKey: ["settings", "currencies"],
    queryFn: () => publicList<Currency>("/settings/currencies"),
    staleTime: 300_000,
  });
  const [countryText, setCountryText] = useState("");
  const [chosenCurrencies, setCurrencies] = useState<string[]>([]);
  const [chosenLevels, setLevels] = useState<number[]>([]);
  const [activity, setActivity] = useState<Activity>("any");
  const [days, setDays] = useState("30");
  const [locale, setLocale] = useState<Locale>("en");
  const [titles, setTitles] = useState<Record<Locale, string>>({ en: "", ru: "", "pt-br": "" });
  const [bodies, setBodies] = useState<Record<Locale, string>>({ en: "", ru: "", "pt-br": "" });
  const [url, setUrl] = useState("");
  const [inbox, setInbox] = useState(true);
  const [webPush, setWebPush] = useState(true);
  const [key, setKey] = useState(newKey);

  const countries = parseCountries(countryText, countriesList.data);
  const dayCount = Number(days);
  const daysOk = Number.isInteger(dayCount) && dayCount >= 1 && dayCount <= 3650;
  const segment: SegmentFilter = {
    countries: countries.codes,
    currencies: chosenCurrencies,
    levels: chosenLevels,
    activeWithinDays: activity === "active" && daysOk ? dayCount : null,
    inactiveForDays: activity === "inactive" && daysOk ? dayCount : null,
  };
  // Compared as text: a new object each render would restart the wait for ever.
  const settledText = useSettled(JSON.stringify(segment));
  const settled = useMemo(() => JSON.parse(settledText) as SegmentFilter, [settledText]);
  const preview = useQuery({
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

  const send = useMutation({
    mutationFn: async () => {
      const body: CampaignCreateBody = {
        idempotencyKey: key,
        title: { en: titles.en, ru: titles.ru, "pt-br": titles["pt-br"] },
        body: { en: bodies.en, ru: bodies.ru, "pt-br": bodies["pt-br"] },
        url: url.trim() || null,
        channels: { inbox, webPush },
        segment,
      };
      return (await adminApi.post("/admin/messages/campaigns", body)).data;
    },
    onSuccess: () => {
      setKey(newKey());
      setTitles({ en: "", ru: "", "pt-br": "" });
      setBodies({ en: "", ru: "", "pt-br": "" });
      void client.invalidateQueries({ queryKey: ["admin", "messages", "campaigns"] });
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    send.mutate();
  };
  const count = preview.data?.count;
  const ready = titles.en.trim() !== "" && bodies.en.trim() !== "" && (inbox || webPush) && count !== 0;

  return (
    <Panel title="New message" testId="admin-compose">
      <form onSubmit={submit} className="grid grid-cols-1 gap-5 lg:grid-cols-[1fr_20rem]" noValidate>
        <div className="grid min-w-0 content-start gap-4">
          <h3 className="text-sm font-bold text-muted uppercase">Who</h3>
          <div>
            <AdminField
              label="Countries (codes, comma-separated; blank: all)"
              value={countryText}
              onChange={setCountryText}
              placeholder="DE, AT"
              autoComplete="off"
            />
            {countries.unknown.length > 0 && (
              <p role="alert" className="mt-1 text-xs text-danger">
                Not a country of the site: {countries.unknown.join(", ")}
              </p>
            )}
            {countries.codes.length > 0 && countriesList.data && (
              <p className="mt-1 text-xs text-muted">
                {countries.codes
                  .map((c) => countriesList.data.find((k) => k.code === c)?.name ?? c)
                  .join(", ")}
              </p>
            )}
          </div>
          <Chips
            label="Has an account in"
            testId="admin-segment-currencies"
            options={(currencies.data ?? []).filter((c) => c.isEnabled).map((c) => [c.code, c.code] as const)}
            chosen={chosenCurrencies}
            onChange={setCurrencies}
          />
          <Chips
            label="Loyalty level"
            options={[[0, "No level yet"] as const, ...(levels ?? []).map((l) => [l.order, l.name] as const)]}
            chosen={chosenLevels}
            onChange={setLevels}
          />
          <div className="grid gap-2">
            <p className="text-sm font-semibold">Last activity</p>
            <div className="flex flex-wrap items-center gap-3">
              <FilterButtons
                options={[
                  ["any", "Any"],
                  ["active", "Active within"],
                  ["inactive", "Inactive for"],
                ]}
                value={activity}
                onChange={setActivity}
              />
              {activity !== "any" && (
                <div className="w-32">
                  <AdminField
                    label="Days"
                    value={days}
                    onChange={setDays}
                    type="number"
                    inputMode="numeric"
                    min={1}
                    max={3650}
                  />
                </div>
              )}
            </div>
          </div>

          <h3 className="mt-2 text-sm font-bold text-muted uppercase">What</h3>
          <FilterButtons options={LOCALES} value={locale} onChange={setLocale} />
          <AdminField
            label={locale === "en" ? "Title (English, required)" : "Title (blank: the English one)"}
            value={titles[locale]}
            onChange={(v) => setTitles({ ...titles, [locale]: v })}
            maxLength={120}
          />
          <TextArea
            label={locale === "en" ? "Text (English, required)" : "Text (blank: the English one)"}
            value={bodies[locale]}
            onChange={(v) => setBodies({ ...bodies, [locale]: v })}
          />
          <AdminField
            label="Opens on the site (optional)"
            value={url}
            onChange={setUrl}
            placeholder="/bonuses"
            autoComplete="off"
          />
          <fieldset className="flex flex-wrap gap-4 text-sm">
            <legend className="mb-1.5 font-semibold">Channels</legend>
            <label className="flex items-center gap-2">
              <input type="checkbox" checked={inbox} onChange={(e) => setInbox(e.target.checked)} />
              Inbox (the bell)
            </label>
            <label className="flex items-center gap-2">
              <input type="checkbox" checked={webPush} onChange={(e) => setWebPush(e.target.checked)} />
              Browser push (players who turned it on)
            </label>
          </fieldset>
        </div>

        <aside className="grid content-start gap-3 rounded-2xl bg-surface-2/60 p-4" aria-live="polite">
          <p className="text-sm text-muted">Players who will receive it</p>
          {preview.isPending ? (
            <div aria-busy="true" className="h-10 w-24 animate-pulse rounded-xl bg-surface-3" />
          ) : preview.error ? (
            <p role="alert" className="text-sm text-danger">
              {errorText(preview.error, "Could not count the segment")}
            </p>
          ) : (
            <p className="text-4xl font-extrabold tabular-nums" data-testid="admin-segment-count">
              {count}
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
          <Button type="submit" disabled={send.isPending || !ready} data-testid="admin-send">
            {count ? `Send to ${players(count)}` : "Send"}
          </Button>
          {count === 0 && <p className="text-xs text-muted">Nobody is in this segment.</p>}
          {send.error && (
            <p role="alert" className="text-sm text-danger">
              {errorText(send.error)}
            </p>
          )}
          {send.data && !send.isPending && (
            <p role="status" className="text-sm text-success" data-testid="admin-sent">
              Sending to {players(send.data.targeted)}.
            </p>
          )}
        </aside>
      </form>
    </Panel>
  );
}

function Progress({ c }: { c: Campaign }) {
  const pct = c.targeted ? Math.min(100, Math.round((c.delivered / c.targeted) * 100)) : 100;
  return (
    <div className="grid w-full gap-1">
      <div className="h-1.5 w-full overflow-hidden rounded-full bg-surface-2">
        <div className="h-full bg-accent" style={{ width: `${pct}%` }} />
      </div>
      <p className="text-xs text-muted tabular-nums" data-testid="admin-campaign-progress">
        {c.delivered} / {c.targeted} delivered
        {c.channels.webPush ? ` · ${c.pushed} pushed · ${c.failed} failed` : ""}
      </p>
    </div>
  );
}

/** `/admin/messages` (issue #21, decision 0029): messages and pushes to a segment, and the campaigns sent. */
export default function AdminMessages() {
  const me = useOutletContext<StaffMe>();
  const sends = can(me, "messages.send");
  const [params] = useSearchParams();
  const page = Number(params.get("page") ?? 1) || 1;
  const levels = useQuery({
    queryKey: ["retention", "levels"],
    queryFn: () => publicList<LoyaltyLevel>("/retention/levels"),
    staleTime: 300_000,
  });
  const list = useQuery({
    queryKey: ["admin", "messages", "campaigns", page],
    queryFn: () => adminApi.get("/admin/messages/campaigns", { page, perPage: 20 }),
    // While a campaign is going out, its progress is read again every two seconds.
    refetchInterval: (q) => (q.state.data?.data.some((c) => c.status === "sending") ? 2000 : false),
  });
  return (
    <div className="grid max-w-6xl grid-cols-1 gap-5">
      <h1 className="text-2xl font-extrabold">Messages</h1>
      {sends && <Compose levels={levels.data} />}
      <Panel title="Sent campaigns">
        <ListState
          loading={list.isPending}
          error={list.error}
          empty={list.data?.data.length === 0}
          emptyText="No message has been sent to a segment yet."
        />
        {list.data && list.data.data.length > 0 && (
          <ul className="grid gap-3" data-testid="admin-campaigns">
            {list.data.data.map((c) => (
              <li
                key={c.id}
                className="grid gap-2 rounded-xl border border-line p-3 sm:grid-cols-[1fr_16rem] sm:items-start sm:gap-4"
                data-testid="admin-campaign"
              >
                <div className="min-w-0">
                  <p className="font-semibold break-words">{c.title.en}</p>
                  <p className="line-clamp-2 text-sm text-muted break-words">{c.body.en}</p>
                  <p className="mt-1 text-xs text-muted">
                    {segmentText(c.segment, levels.data)} ·{" "}
                    {[c.channels.inbox && "inbox", c.channels.webPush && "push"].filter(Boolean).join(" + ")}{" "}
                    · {Object.keys(c.title).join(", ")}
                  </p>
                  <p className="text-xs text-muted">
                    {when(c.createdAt)}
                    {c.createdBy ? ` by ${c.createdBy}` : ""}
                  </p>
                </div>
                <div className="grid justify-items-start gap-2">
                  <StatusBadge
                    status={c.status === "sent" ? "applied" : "pending"}
                    label={c.status === "sent" ? "sent" : "sending"}
                  />
                  <Progress c={c} />
                </div>
              </li>
            ))}
          </ul>
        )}
        <div className="mt-3">
          <Pager meta={list.data?.meta} label={pageLabel} />
        </div>
      </Panel>
    </div>
  );
}
