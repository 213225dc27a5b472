import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, type ReactNode, useState } from "react";
import { useOutletContext, useSearchParams } from "react-router";
import type { StaffMe } from "#common/api/admin";
import type { AdminCollection } from "#common/api/admin-catalogue";
import type { AdminLoyaltyLevel, AdminQuest, AdminReferralRules } from "#common/api/admin-retention";
import type { QuestTaskType } from "#common/api/quests";
import { Button } from "~/components/ui/Button";
import { adminApi, can } from "~/features/admin/api";
import { AdminField, FilterButtons, ListState, Panel } from "~/features/admin/ui";
import { ApiRequestError } from "~/lib/api";

type Tab = "quests" | "loyalty" | "referral";
const KEY = ["admin", "retention"] as const;

const TASK_TYPES: [QuestTaskType, string][] = [
  ["bet", "Casino bets (count)"],
  ["wager", "Casino wager (amount)"],
  ["win-multiplier", "Wins of at least × stake (count)"],
  ["deposit", "Deposits (amount)"],
  ["login-days", "Login days (count)"],
  ["sport-bet", "Sports bets settled (count)"],
];
const TASK_NAMES = Object.fromEntries(TASK_TYPES) as Record<string, string>;
const CASINO = ["bet", "wager", "win-multiplier"];
const GAME_KINDS = ["slots", "tables", "live", "crash"] as const;
type GameKind = (typeof GAME_KINDS)[number];
const LOCALES = [
  ["ru", "Russian"],
  ["pt-br", "Portuguese (Brazil)"],
] as const;

const selectClass =
  "h-11 w-full min-w-0 rounded-xl border border-line bg-bg/60 px-3 text-sm text-fg outline-none focus:border-accent focus:ring-2 focus:ring-accent/25";

/** The failed call's message and each field it names, so staff see what to fix. */
function Problem({ error }: { error: unknown }) {
  if (!error) return null;
  const fields = error instanceof ApiRequestError ? Object.entries(error.body.errors ?? {}) : [];
  return (
    <div role="alert" className="grid gap-0.5 text-sm text-danger" data-testid="admin-retention-error">
      <p>{error instanceof Error ? error.message : "Failed"}</p>
      {fields.map(([field, messages]) => (
        <p key={field}>
          <span className="font-mono text-xs">{field}</span>: {messages.join("; ")}
        </p>
      ))}
    </div>
  );
}

function Badge({ tone, children }: { tone: "danger" | "accent" | "muted" | "success"; children: ReactNode }) {
  const cls = {
    danger: "bg-danger/15 text-danger",
    accent: "bg-accent/15 text-accent",
    muted: "bg-surface-2 text-muted",
    success: "bg-success/15 text-success",
  }[tone];
  return <span className={`inline-flex rounded-full px-2 py-0.5 text-xs font-bold ${cls}`}>{children}</span>;
}

function Select({
  label,
  value,
  onChange,
  children,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  children: ReactNode;
}) {
  return (
    <label className="grid min-w-0 gap-1.5 text-sm font-semibold">
      {label}
      <select className={selectClass} value={value} onChange={(e) => onChange(e.target.value)}>
        {children}
      </select>
    </label>
  );
}

function Check({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (v: boolean) => void;
}) {
  return (
    <label className="flex items-center gap-2 text-sm font-semibold">
      <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      {label}
    </label>
  );
}

// Quests

type TaskForm = {
  type: QuestTaskType;
  quantity: string;
  minMultiplier: string;
  collectionIds: string[];
  gameKinds: GameKind[];
};
type QuestForm = {
  identity: string;
  name: string;
  description: string;
  translations: Record<string, { name: string; description: string }>;
  startsAt: string;
  endsAt: string;
  durationHours: string;
  isEnabled: boolean;
  sortOrder: string;
  rewards: { kind: "bonus" | "freespins"; bonusIdentity: string }[];
  tasks: TaskForm[];
};

/** ISO → the value a datetime-local input takes (UTC, as the server keeps it). */
const localInput = (iso: string | null) => (iso ? iso.slice(0, 16) : "");
const isoOf = (local: string) => (local ? `${local}:00Z` : null);

const formOf = (q?: AdminQuest): QuestForm => ({
  identity: q?.identity ?? "",
  name: q?.name ?? "",
  description: q?.description ?? "",
  translations: Object.fromEntries(
    LOCALES.map(([code]) => [code, q?.translations[code] ?? { name: "", description: "" }]),
  ),
  startsAt: localInput(q?.startsAt ?? null),
  endsAt: localInput(q?.endsAt ?? null),
  durationHours: q?.durationHours === null || q === undefined ? "" : String(q.durationHours),
  isEnabled: q?.isEnabled ?? true,
  sortOrder: String(q?.sortOrder ?? 0),
  rewards: q?.rewards.map(({ kind, bonusIdentity }) => ({ kind, bonusIdentity })) ?? [
    { kind: "bonus", bonusIdentity: "" },
  ],
  tasks: q?.tasks.map((t) => ({
    type: t.type,
    quantity: t.quantity,
    minMultiplier: t.minMultiplier ?? "",
    collectionIds: t.collectionIds,
    // The server keeps only the kinds it accepts (GAME_KINDS); its answer reads them as text.
    gameKinds: t.gameKinds as GameKind[],
  })) ?? [{ type: "bet", quantity: "1", minMultiplier: "", collectionIds: [], gameKinds: [] }],
});

function bodyOf(f: QuestForm, withTasks: boolean) {
  return {
    name: f.name,
    description: f.description,
    translations: Object.fromEntries(Object.entries(f.translations).filter(([, t]) => t.name.trim() !== "")),
    startsAt: isoOf(f.startsAt),
    endsAt: isoOf(f.endsAt),
    durationHours: f.durationHours.trim() === "" ? null : Number(f.durationHours),
    isEnabled: f.isEnabled,
    sortOrder: Number(f.sortOrder),
    rewards: f.rewards,
    ...(withTasks ? { tasks: tasksOf(f) } : {}),
  };
}

function tasksOf(f: QuestForm) {
  return f.tasks.map((t) => ({
    type: t.type,
    quantity: t.quantity,
    minMultiplier: t.type === "win-multiplier" ? t.minMultiplier || null : null,
    collectionIds: CASINO.includes(t.type) ? t.collectionIds : [],
    gameKinds: CASINO.includes(t.type) ? t.gameKinds : [],
  }));
}

function useBonuses() {
  return useQuery({
    queryKey: [...KEY, "bonuses"],
    queryFn: async () => (await adminApi.get("/admin/promotions/bonuses")).data,
  });
}
function useCollections(enabled: boolean) {
  return useQuery({
    queryKey: [...KEY, "collections"],
    enabled,
    queryFn: async () => (await adminApi.get("/admin/catalogue/collections")).data,
  });
}

function TaskEditor({
  task,
  index,
  locked,
  collections,
  onChange,
  onRemove,
}: {
  task: TaskForm;
  index: number;
  locked: boolean;
  collections: AdminCollection[];
  onChange: (t: TaskForm) => void;
  onRemove?: () => void;
}) {
  const toggle = <T extends string>(list: T[], v: T) =>
    list.includes(v) ? list.filter((x) => x !== v) : [...list, v];
  return (
    <fieldset
      disabled={locked}
      className="grid min-w-0 gap-3 rounded-xl border border-line p-3 disabled:opacity-60"
      aria-label={`Task ${index + 1}`}
    >
      <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-3 sm:grid-cols-3">
        <Select
          label="Goal"
          value={task.type}
          onChange={(type) => onChange({ ...task, type: type as QuestTaskType })}
        >
          {TASK_TYPES.map(([t, label]) => (
            <option key={t} value={t}>
              {label}
            </option>
          ))}
        </Select>
        <AdminField
          label={
            task.type === "wager" || task.type === "deposit"
              ? "Target amount (base currency)"
              : "Target count"
          }
          inputMode="decimal"
          value={task.quantity}
          onChange={(quantity) => onChange({ ...task, quantity })}
        />
        {task.type === "win-multiplier" ? (
          <AdminField
            label="Least multiplier (×)"
            inputMode="decimal"
            value={task.minMultiplier}
            onChange={(minMultiplier) => onChange({ ...task, minMultiplier })}
          />
        ) : (
          <span />
        )}
      </div>
      {CASINO.includes(task.type) && (
        <div className="grid min-w-0 gap-2">
          <p className="text-xs font-semibold text-muted">Game kinds counted (none ticked: every kind)</p>
          <div className="flex flex-wrap gap-x-4 gap-y-1">
            {GAME_KINDS.map((k) => (
              <Check
                key={k}
                label={k}
                checked={task.gameKinds.includes(k)}
                onChange={() => onChange({ ...task, gameKinds: toggle(task.gameKinds, k) })}
              />
            ))}
          </div>
          {collections.length > 0 && (
            <p className="text-xs font-semibold text-muted">Collections counted (none ticked: every game)</p>
          )}
          {collections.length > 0 && (
            <div className="flex flex-wrap gap-x-4 gap-y-1">
              {collections.map((c) => (
                <Check
                  key={c.id}
                  label={c.name}
                  checked={task.collectionIds.includes(c.id)}
                  onChange={() => onChange({ ...task, collectionIds: toggle(task.collectionIds, c.id) })}
                />
              ))}
            </div>
          )}
        </div>
      )}
      {onRemove && !locked && (
        <div>
          <Button size="sm" variant="ghost" onClick={onRemove}>
            Remove task
          </Button>
        </div>
      )}
    </fieldset>
  );
}

function QuestEditor({ quest, onDone }: { quest?: AdminQuest; onDone: () => void }) {
  const client = useQueryClient();
  const me = useOutletContext<StaffMe>();
  const bonuses = useBonuses();
  const collections = useCollections(can(me, "catalogue.read"));
  const [f, setF] = useState<QuestForm>(() => formOf(quest));
  const locked = (quest?.runningCount ?? 0) > 0;
  const save = useMutation({
    mutationFn: () =>
      quest
        ? adminApi.patch(`/admin/retention/quests/${quest.id}`, bodyOf(f, !locked))
        : adminApi.post("/admin/retention/quests", {
            identity: f.identity,
            ...bodyOf(f, true),
            tasks: tasksOf(f),
          }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: KEY });
      onDone();
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate();
  };
  const fits = (kind: "bonus" | "freespins") =>
    (bonuses.data ?? []).filter((b) => (kind === "freespins" ? b.kind === "freespins" : b.kind === "fixed"));
  return (
    <form
      onSubmit={submit}
      className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-4"
      aria-label={quest ? `Edit ${quest.name}` : "New quest"}
    >
      <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-3 sm:grid-cols-2">
        {!quest && (
          <AdminField
            label="Identity (letters, digits, -)"
            value={f.identity}
            onChange={(identity) => setF({ ...f, identity })}
          />
        )}
        <AdminField label="Name (English)" value={f.name} onChange={(name) => setF({ ...f, name })} />
        <AdminField
          label="Description (English)"
          value={f.description}
          onChange={(description) => setF({ ...f, description })}
        />
        {LOCALES.map(([code, label]) => (
          <div key={code} className="contents">
            <AdminField
              label={`Name (${label})`}
              value={f.translations[code]!.name}
              onChange={(name) =>
                setF({
                  ...f,
                  translations: { ...f.translations, [code]: { ...f.translations[code]!, name } },
                })
              }
            />
            <AdminField
              label={`Description (${label})`}
              value={f.translations[code]!.description}
              onChange={(description) =>
                setF({
                  ...f,
                  translations: { ...f.translations, [code]: { ...f.translations[code]!, description } },
                })
              }
            />
          </div>
        ))}
        <AdminField
          label="Offered from (UTC, empty: now)"
          type="datetime-local"
          value={f.startsAt}
          onChange={(startsAt) => setF({ ...f, startsAt })}
        />
        <AdminField
          label="Offered until (UTC, empty: open)"
          type="datetime-local"
          value={f.endsAt}
          onChange={(endsAt) => setF({ ...f, endsAt })}
        />
        <AdminField
          label="Runs for, once activated (hours; empty: until the offer ends)"
          inputMode="numeric"
          value={f.durationHours}
          onChange={(durationHours) => setF({ ...f, durationHours })}
        />
        <AdminField
          label="Order (lower first)"
          inputMode="numeric"
          value={f.sortOrder}
          onChange={(sortOrder) => setF({ ...f, sortOrder })}
        />
      </div>
      <Check
        label="Offered to players"
        checked={f.isEnabled}
        onChange={(isEnabled) => setF({ ...f, isEnabled })}
      />

      <div className="grid min-w-0 gap-2">
        <h3 className="text-sm font-bold">Tasks</h3>
        {locked && (
          <p className="text-sm text-muted" data-testid="admin-quest-locked">
            {quest!.runningCount} players have this quest running, so its tasks cannot change: their progress
            counts toward the goal they took. Switch it off and offer a new quest to change the goal.
          </p>
        )}
        {f.tasks.map((t, i) => (
          <TaskEditor
            key={i}
            task={t}
            index={i}
            locked={locked}
            collections={collections.data ?? []}
            onChange={(task) => setF({ ...f, tasks: f.tasks.map((x, j) => (j === i ? task : x)) })}
            onRemove={
              f.tasks.length > 1 ? () => setF({ ...f, tasks: f.tasks.filter((_, j) => j !== i) }) : undefined
            }
          />
        ))}
        {!locked && f.tasks.length < 10 && (
          <div>
            <Button
              size="sm"
              variant="secondary"
              onClick={() =>
                setF({
                  ...f,
                  tasks: [
                    ...f.tasks,
                    { type: "bet", quantity: "1", minMultiplier: "", collectionIds: [], gameKinds: [] },
                  ],
                })
              }
            >
              Add task
            </Button>
          </div>
        )}
      </div>

      <div className="grid min-w-0 gap-2">
        <h3 className="text-sm font-bold">Rewards (given once, on completion)</h3>
        {f.rewards.map((r, i) => (
          <div
            key={i}
            className="grid min-w-0 grid-cols-[minmax(0,1fr)] items-end gap-3 sm:grid-cols-[12rem_minmax(0,1fr)_auto]"
          >
            <Select
              label="Kind"
              value={r.kind}
              onChange={(kind) =>
                setF({
                  ...f,
                  rewards: f.rewards.map((x, j) =>
                    j === i ? { kind: kind as "bonus" | "freespins", bonusIdentity: "" } : x,
                  ),
                })
              }
            >
              <option value="bonus">Fixed bonus</option>
              <option value="freespins">Free spins</option>
            </Select>
            <Select
              label="Bonus"
              value={r.bonusIdentity}
              onChange={(bonusIdentity) =>
                setF({ ...f, rewards: f.rewards.map((x, j) => (j === i ? { ...x, bonusIdentity } : x)) })
              }
            >
              <option value="">Choose…</option>
              {fits(r.kind).map((b) => (
                <option key={b.id} value={b.pageIdentity}>
                  {b.name}
                  {b.isEnabled ? "" : " (switched off)"}
                </option>
              ))}
            </Select>
            {f.rewards.length > 1 ? (
              <Button
                size="sm"
                variant="ghost"
                onClick={() => setF({ ...f, rewards: f.rewards.filter((_, j) => j !== i) })}
              >
                Remove
              </Button>
            ) : (
              <span />
            )}
          </div>
        ))}
        {f.rewards.length < 5 && (
          <div>
            <Button
              size="sm"
              variant="secondary"
              onClick={() => setF({ ...f, rewards: [...f.rewards, { kind: "bonus", bonusIdentity: "" }] })}
            >
              Add reward
            </Button>
          </div>
        )}
        {quest && quest.runningCount > 0 && (
          <p className="text-xs text-muted">
            A changed reward is what players running it get when they complete it.
          </p>
        )}
      </div>

      <div className="flex flex-wrap items-center gap-2">
        <Button type="submit" disabled={save.isPending}>
          {quest ? "Save quest" : "Create quest"}
        </Button>
        <Button variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
      <Problem error={save.error} />
    </form>
  );
}

function QuestRow({ quest, editable }: { quest: AdminQuest; editable: boolean }) {
  const client = useQueryClient();
  const [editing, setEditing] = useState(false);
  const toggle = useMutation({
    mutationFn: () => adminApi.patch(`/admin/retention/quests/${quest.id}`, { isEnabled: !quest.isEnabled }),
    onSuccess: () => void client.invalidateQueries({ queryKey: KEY }),
  });
  return (
    <li
      className="grid min-w-0 gap-3 rounded-2xl border border-line bg-surface p-4"
      data-testid="admin-quest"
    >
      <div className="flex min-w-0 flex-wrap items-start gap-3">
        <div className="min-w-0 flex-1">
          <p className="font-semibold">{quest.name}</p>
          <p className="text-xs text-muted">
            {quest.identity}
            {quest.durationHours !== null && ` · runs ${quest.durationHours} h once taken`}
            {quest.endsAt && ` · offered until ${new Date(quest.endsAt).toUTCString().slice(5, 22)} UTC`}
          </p>
        </div>
        <div className="flex flex-wrap gap-1.5">
          {!quest.isEnabled && <Badge tone="danger">off</Badge>}
          {quest.runningCount > 0 && <Badge tone="accent">{quest.runningCount} running</Badge>}
          <Badge tone="muted">{quest.completedCount} completed</Badge>
        </div>
      </div>
      <ul className="grid gap-0.5 text-sm">
        {quest.tasks.map((t) => (
          <li key={t.id}>
            {TASK_NAMES[t.type] ?? t.type}: <strong>{t.quantity}</strong>
            {t.minMultiplier && ` at ×${t.minMultiplier}`}
            {t.gameKinds.length > 0 && ` · ${t.gameKinds.join(", ")}`}
          </li>
        ))}
      </ul>
      <p className="text-sm text-muted">
        Reward: {quest.rewards.map((r) => r.name ?? `${r.bonusIdentity} (missing)`).join(", ")}
      </p>
      {editable && !editing && (
        <div className="flex flex-wrap gap-2">
          <Button size="sm" variant="secondary" onClick={() => setEditing(true)}>
            Edit
          </Button>
          <Button size="sm" variant="ghost" disabled={toggle.isPending} onClick={() => toggle.mutate()}>
            {quest.isEnabled ? "Switch off" : "Switch on"}
          </Button>
        </div>
      )}
      <Problem error={toggle.error} />
      {editing && <QuestEditor quest={quest} onDone={() => setEditing(false)} />}
    </li>
  );
}

function QuestsTab({ editable }: { editable: boolean }) {
  const [creating, setCreating] = useState(false);
  const list = useQuery({
    queryKey: [...KEY, "quests"],
    queryFn: async () => (await adminApi.get("/admin/retention/quests")).data,
  });
  return (
    <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-4">
      {editable &&
        (creating ? (
          <Panel title="New quest">
            <QuestEditor onDone={() => setCreating(false)} />
          </Panel>
        ) : (
          <div>
            <Button onClick={() => setCreating(true)}>New quest</Button>
          </div>
        ))}
      <ListState
        loading={list.isPending}
        error={list.error}
        empty={list.data?.length === 0}
        emptyText="No quests yet."
      />
      <ul className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-3">
        {list.data?.map((q) => (
          <QuestRow key={q.id} quest={q} editable={editable} />
        ))}
      </ul>
    </div>
  );
}

// Loyalty

/** "USD 5, EUR 4.5" ↔ [{ currency, amount }]. */
const amountsText = (list: { currency: string; amount: string }[]) =>
  list.map((a) => `${a.currency} ${a.amount}`).join(", ");
const amountsOf = (text: string) =>
  text
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => {
      const [currency = "", amount = ""] = p.split(/\s+/);
      return { currency: currency.toUpperCase(), amount };
    });

function LevelRow({ level, editable }: { level: AdminLoyaltyLevel; editable: boolean }) {
  const client = useQueryClient();
  const [f, setF] = useState({
    name: level.name,
    points: level.points,
    rewardPoints: level.rewards.points ?? "",
    bonus: amountsText(level.rewards.bonus?.amounts ?? []),
    wagering: level.rewards.bonus?.wageringMultiplier ?? "10",
  });
  const save = useMutation({
    mutationFn: () =>
      adminApi.patch(`/admin/retention/loyalty/levels/${level.id}`, {
        name: f.name,
        points: f.points,
        rewardPoints: f.rewardPoints.trim() === "" ? null : f.rewardPoints,
        rewardBonus:
          f.bonus.trim() === "" ? null : { amounts: amountsOf(f.bonus), wageringMultiplier: f.wagering },
      }),
    onSuccess: () => void client.invalidateQueries({ queryKey: KEY }),
  });
  return (
    <li
      className="grid min-w-0 gap-3 rounded-2xl border border-line bg-surface p-4"
      data-testid="admin-level"
    >
      <div className="flex flex-wrap items-center gap-2">
        <p className="font-semibold">
          Level {level.order}: {level.name}
        </p>
        <Badge tone="muted">{level.playersOnLevel} players on it</Badge>
      </div>
      <form
        className="grid min-w-0 grid-cols-[minmax(0,1fr)] items-end gap-3 sm:grid-cols-[repeat(5,minmax(0,1fr))_auto]"
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate();
        }}
      >
        <fieldset disabled={!editable} className="contents">
          <AdminField label="Name" value={f.name} onChange={(name) => setF({ ...f, name })} />
          <AdminField
            label="Points needed"
            inputMode="decimal"
            value={f.points}
            onChange={(points) => setF({ ...f, points })}
          />
          <AdminField
            label="Reward points"
            inputMode="decimal"
            placeholder="none"
            value={f.rewardPoints}
            onChange={(rewardPoints) => setF({ ...f, rewardPoints })}
          />
          <AdminField
            label="Reward bonus"
            placeholder="none (as: USD 5, EUR 5)"
            value={f.bonus}
            onChange={(bonus) => setF({ ...f, bonus })}
          />
          <AdminField
            label="Bonus wagering (×)"
            inputMode="decimal"
            value={f.wagering}
            onChange={(wagering) => setF({ ...f, wagering })}
          />
        </fieldset>
        {editable && (
          <Button type="submit" disabled={save.isPending}>
            Save
          </Button>
        )}
      </form>
      {save.isSuccess && !save.isPending && <p className="text-xs text-success">Saved.</p>}
      <Problem error={save.error} />
    </li>
  );
}

function LoyaltyTab({ editable }: { editable: boolean }) {
  const list = useQuery({
    queryKey: [...KEY, "levels"],
    queryFn: async () => (await adminApi.get("/admin/retention/loyalty/levels")).data,
  });
  return (
    <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-3">
      <p className="text-sm text-muted">
        Each level needs more points than the one below it. Nobody loses a level they reached when its
        threshold rises; a player already past a lowered threshold reaches that level, with its reward, on
        their next bet.
      </p>
      <ListState
        loading={list.isPending}
        error={list.error}
        empty={list.data?.length === 0}
        emptyText="No levels."
      />
      <ul className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-3">
        {list.data?.map((l) => (
          <LevelRow key={`${l.id}:${l.points}:${l.name}`} level={l} editable={editable} />
        ))}
      </ul>
    </div>
  );
}

// Referral

function ReferralForm({ rules, editable }: { rules: AdminReferralRules; editable: boolean }) {
  const client = useQueryClient();
  const [rows, setRows] = useState(
    rules.firstDeposit.map((r) => ({
      currency: r.currency,
      reward: r.reward,
      minDeposit: r.minDeposit ?? "",
    })),
  );
  const [percent, setPercent] = useState(rules.revenueSharePercent);
  const save = useMutation({
    mutationFn: () =>
      adminApi.put("/admin/retention/referral", {
        firstDeposit: rows.map((r) => ({
          currency: r.currency,
          reward: r.reward,
          minDeposit: r.minDeposit.trim() === "" ? null : r.minDeposit,
        })),
        revenueSharePercent: percent,
      }),
    onSuccess: () => void client.invalidateQueries({ queryKey: KEY }),
  });
  return (
    <form
      className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate();
      }}
    >
      <fieldset disabled={!editable} className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-3">
        <h3 className="text-sm font-bold">Referrer's reward on a referred player's first deposit</h3>
        {rows.length === 0 && <p className="text-sm text-muted">No first-deposit reward in any currency.</p>}
        {rows.map((r, i) => (
          <div
            key={i}
            className="grid min-w-0 grid-cols-[minmax(0,1fr)] items-end gap-3 sm:grid-cols-[8rem_minmax(0,1fr)_minmax(0,1fr)_auto]"
          >
            <AdminField
              label="Currency"
              value={r.currency}
              onChange={(currency) => setRows(rows.map((x, j) => (j === i ? { ...x, currency } : x)))}
            />
            <AdminField
              label="Reward"
              inputMode="decimal"
              value={r.reward}
              onChange={(reward) => setRows(rows.map((x, j) => (j === i ? { ...x, reward } : x)))}
            />
            <AdminField
              label="Least first deposit (empty: any)"
              inputMode="decimal"
              value={r.minDeposit}
              onChange={(minDeposit) => setRows(rows.map((x, j) => (j === i ? { ...x, minDeposit } : x)))}
            />
            <Button size="sm" variant="ghost" onClick={() => setRows(rows.filter((_, j) => j !== i))}>
              Remove
            </Button>
          </div>
        ))}
        <div>
          <Button
            size="sm"
            variant="secondary"
            onClick={() => setRows([...rows, { currency: "", reward: "", minDeposit: "" }])}
          >
            Add currency
          </Button>
        </div>
        <div className="max-w-xs">
          <AdminField
            label="Revenue share (% of net gaming revenue, per day)"
            inputMode="decimal"
            value={percent}
            onChange={setPercent}
          />
        </div>
      </fieldset>
      {editable && (
        <div>
          <Button type="submit" disabled={save.isPending}>
            Save rules
          </Button>
        </div>
      )}
      {save.isSuccess && !save.isPending && <p className="text-xs text-success">Saved.</p>}
      <Problem error={save.error} />
    </form>
  );
}

function ReferralTab({ editable }: { editable: boolean }) {
  const rules = useQuery({
    queryKey: [...KEY, "referral"],
    queryFn: async () => (await adminApi.get("/admin/retention/referral")).data,
  });
  return (
    <Panel
      title="Referral rules"
      actions={
        rules.data && (
          <Badge tone={rules.data.fromStaff ? "success" : "muted"}>
            {rules.data.fromStaff ? "set by staff" : "server defaults"}
          </Badge>
        )
      }
    >
      <ListState loading={rules.isPending} error={rules.error} empty={false} emptyText="" />
      {rules.data && (
        <div className="grid min-w-0 gap-3">
          <p className="text-sm text-muted">
            {rules.data.referredCount} players joined through a referral. A change applies to the next first
            deposit and the next closed day; rewards already credited stay. The affiliate-programme window
            shows these figures.
          </p>
          <ReferralForm
            key={`${rules.data.revenueSharePercent}:${JSON.stringify(rules.data.firstDeposit)}`}
            rules={rules.data}
            editable={editable}
          />
        </div>
      )}
    </Panel>
  );
}

/**
 * `/admin/retention` (decision 0027): quests, loyalty levels and the referral rules as marketing edits them.
 * Players see each change on their next read of their quests, the loyalty page or the affiliate programme.
 */
export default function AdminRetention() {
  const me = useOutletContext<StaffMe>();
  const editable = can(me, "promotions.write");
  const [params, setParams] = useSearchParams();
  const tab = (["quests", "loyalty", "referral"] as const).find((t) => t === params.get("tab")) ?? "quests";
  return (
    <div className="grid min-w-0 max-w-5xl grid-cols-[minmax(0,1fr)] gap-5">
      <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-1">
        <h1 className="text-2xl font-extrabold">Retention</h1>
        <p className="text-sm text-muted">
          Quests, loyalty levels and referral rules. Players see a change on their next visit.
          {!editable && " You may look; changing needs the marketing role."}
        </p>
      </div>
      <FilterButtons<Tab>
        options={[
          ["quests", "Quests"],
          ["loyalty", "Loyalty"],
          ["referral", "Referral"],
        ]}
        value={tab}
        onChange={(t) => setParams({ tab: t })}
      />
      {tab === "quests" && <QuestsTab editable={editable} />}
      {tab === "loyalty" && <LoyaltyTab editable={editable} />}
      {tab === "referral" && <ReferralTab editable={editable} />}
    </div>
  );
}
