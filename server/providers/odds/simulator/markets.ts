import type { FeedMarket, MarketResult, MarketStatus, SelectionResult } from "../port";
import { formatOdds, MAX_ODDS, priceWithMargin, roundOdds } from "./odds";

/**
 * Markets as the simulator knows them: a kind (how a final score settles each outcome), a scope (which part of
 * the match it is about) and a line. One rule, `resultOf`, settles a market; pricing runs the same rule over
 * the model's distribution of final scores, so a price and its settlement can never disagree.
 */

/** The part of the match a market is about: the full match incl. overtime, regular time, or its first part. */
export type Scope = "ft" | "reg" | "h1";

/** A discrete distribution: P(value = x[i]) = p[i]; for a joint one, P(home = x[i], away = y[i]) = p[i]. */
export interface Points {
  x: number[];
  y?: number[];
  p: number[];
}

/** What the model says about the final score of one scope, from the state it is in now. */
export interface ScopeDist {
  /** Home minus away (for tennis: sets). */
  diff: Points;
  /** The counted total (goals, points, games in tennis, maps). */
  total: Points;
  /** Home and away (for tennis: sets), for correct score and both-teams-to-score. */
  joint?: Points;
}

/** The score of one scope at the end; `total` when what totals count is not home + away (tennis games). */
export interface ScoreLine {
  home: number;
  away: number;
  total?: number;
}
export type FinalScore = Partial<Record<Scope, ScoreLine>>;

export type Kind = "1x2" | "dc" | "ml" | "ah" | "spread" | "hcp" | "total" | "btts" | "cs";

export interface MarketSpec {
  id: string;
  kind: Kind;
  scope: Scope;
  line?: number;
  /** The line as the port writes it, kept so pricing does not format it again. */
  lineText?: string;
  name: string;
  outcomes: string[];
  selectionNames: string[];
  /** Correct score: the listed scores; the rest fall in the "other" outcomes. */
  listed?: Set<string>;
}

const TYPES: Record<Kind, string> = {
  "1x2": "match_result",
  dc: "double_chance",
  ml: "moneyline",
  ah: "asian_handicap",
  spread: "handicap",
  hcp: "handicap",
  total: "total",
  btts: "btts",
  cs: "correct_score",
};

/** A market type as the port names it; a first-half match result is a `half_result`. */
export function marketType(spec: MarketSpec): string {
  if (spec.scope === "h1" && spec.kind === "1x2") return "half_result";
  return TYPES[spec.kind];
}

const READS: Record<Kind, keyof ScopeDist> = {
  "1x2": "diff",
  dc: "diff",
  ml: "diff",
  ah: "diff",
  spread: "diff",
  hcp: "diff",
  total: "total",
  btts: "joint",
  cs: "joint",
};

/** The line as the port writes it: "2.5", "-0.25", "0". */
export function formatLine(line: number): string {
  return String(Math.round(line * 100) / 100);
}

/** A handicap as a player reads it: "+0.25", "-1", "0". */
export function signedLine(line: number): string {
  return line > 0 ? `+${formatLine(line)}` : formatLine(line);
}

/**
 * A line bet: `value` is what the selection needs to be positive (goal difference plus handicap, total minus
 * line). Quarter lines are two bets on the neighbouring half and whole lines, each with half the stake.
 */
export function lineResult(value: number): SelectionResult {
  const frac = Math.abs(value % 0.5);
  if (Math.abs(frac - 0.25) < 1e-9) {
    const a = single(value - 0.25);
    const b = single(value + 0.25);
    if (a === b) return a;
    if (a === "void") return b === "won" ? "half_won" : "half_lost";
    return a === "won" ? "half_won" : "half_lost";
  }
  return single(value);
}

function single(value: number): SelectionResult {
  if (Math.abs(value) < 1e-9) return "void";
  return value > 0 ? "won" : "lost";
}

const W = "won";
const L = "lost";

/** How outcome `i` of the market finishes when the scope ends at x (and y, for joint kinds). */
export function resultOf(spec: MarketSpec, i: number, x: number, y = 0): SelectionResult {
  const line = spec.line ?? 0;
  switch (spec.kind) {
    case "1x2":
    case "hcp": {
      const d = x + (spec.kind === "hcp" ? line : 0);
      const winner = d > 0 ? 0 : d === 0 ? 1 : 2;
      return i === winner ? W : L;
    }
    case "dc": {
      const winner = x > 0 ? "1" : x === 0 ? "X" : "2";
      return spec.outcomes[i]!.includes(winner) ? W : L;
    }
    case "ml":
      if (x === 0) return "void";
      return x > 0 === (i === 0) ? W : L;
    case "ah":
    case "spread":
      return i === 0 ? lineResult(x + line) : lineResult(-x - line);
    case "total":
      return i === 0 ? lineResult(x - line) : lineResult(line - x);
    case "btts":
      return (x > 0 && y > 0) === (i === 0) ? W : L;
    case "cs": {
      const outcome = spec.outcomes[i]!;
      const key = `${x}-${y}`;
      if (spec.listed?.has(key)) return outcome === key ? W : L;
      const sign = x > y ? "other_home" : x === y ? "other_draw" : "other_away";
      return outcome === sign ? W : L;
    }
  }
}

/** Full wins and half wins count towards winning, full and half losses towards losing; pushes towards neither. */
const WIN: Record<SelectionResult, number> = { won: 1, half_won: 0.5, void: 0, half_lost: 0, lost: 0 };
const LOSE: Record<SelectionResult, number> = { won: 0, half_won: 0, void: 0, half_lost: 0.5, lost: 1 };

export interface Fair {
  /** Per outcome: P(win) / (P(win) + P(lose)) with half results counted half, the price that breaks even. */
  fair: number[];
  /** Whether every outcome's result is already certain: the market is decided. */
  decided: boolean;
}

/** Fair probabilities of a market under a distribution of the scope's final score. */
/**
 * A model's distributions, computed once per scope and match state: pricing asks for one per market.
 * `clear()` when the state moves on.
 */
export function scopeDistCache(compute: (scope: Scope) => ScopeDist) {
  const cached = new Map<Scope, ScopeDist>();
  return {
    dist(scope: Scope): ScopeDist {
      let d = cached.get(scope);
      if (!d) {
        d = compute(scope);
        cached.set(scope, d);
      }
      return d;
    },
    clear: () => cached.clear(),
  };
}

export function fairOf(spec: MarketSpec, dist: ScopeDist): Fair {
  const pts = dist[READS[spec.kind]];
  const n = spec.outcomes.length;
  const win = new Array<number>(n).fill(0);
  const lose = new Array<number>(n).fill(0);
  const first: Array<SelectionResult | undefined> = new Array(n);
  let decided = true;
  if (!pts) return { fair: win, decided: false };
  // Correct score: one outcome wins at each score, found by key rather than by asking every outcome.
  const csIndex = spec.kind === "cs" ? new Map(spec.outcomes.map((o, i) => [o, i])) : undefined;
  for (let j = 0; j < pts.p.length; j++) {
    const p = pts.p[j]!;
    if (p <= 0) continue;
    const x = pts.x[j]!;
    const y = pts.y?.[j] ?? 0;
    if (csIndex) {
      const key = `${x}-${y}`;
      const other = x > y ? "other_home" : x === y ? "other_draw" : "other_away";
      const w = spec.listed?.has(key) ? csIndex.get(key) : csIndex.get(other);
      for (let i = 0; i < n; i++) {
        if (i === w) win[i]! += p;
        else lose[i]! += p;
        if (p > 1e-12) {
          const r: SelectionResult = i === w ? W : L;
          if (first[i] === undefined) first[i] = r;
          else if (first[i] !== r) decided = false;
        }
      }
      continue;
    }
    for (let i = 0; i < n; i++) {
      const r = resultOf(spec, i, x, y);
      win[i]! += p * WIN[r];
      lose[i]! += p * LOSE[r];
      if (p > 1e-12) {
        if (first[i] === undefined) first[i] = r;
        else if (first[i] !== r) decided = false;
      }
    }
  }
  const fair = win.map((w, i) => {
    const t = w + lose[i]!;
    return t > 0 ? w / t : 0;
  });
  return { fair, decided };
}

/**
 * The market as the feed shows it: priced from the distribution, `closed` once decided, `suspended` while an
 * incident is being reviewed or when it is too one-sided to price. Prices always come from the current state
 * (clamped to the price range when the market is not open), never from the market's past, so a match caught up
 * after a restart shows exactly what it showed before.
 */
export function quoteMarket(
  eventId: number,
  spec: MarketSpec,
  dist: ScopeDist,
  margin: number,
  previous: FeedMarket | undefined,
  suspended: boolean,
): FeedMarket | undefined {
  const { fair, decided } = fairOf(spec, dist);
  const priced = decided ? undefined : priceWithMargin(fair, margin);
  // Never offered and not priceable now: only before the start, where the market is then left out.
  if (!previous && !priced) return undefined;
  let status: MarketStatus = decided ? "closed" : suspended || !priced ? "suspended" : "open";
  if (previous?.status === "closed") status = "closed";
  const odds = priced ?? fair.map((p) => formatOdds(roundOdds(p > 0 ? 1 / (p * (1 + margin)) : MAX_ODDS)));
  // Unchanged, the market is handed on as the same object (port.ts): a tick moves a few of an event's markets.
  if (
    previous?.id === spec.id &&
    previous.status === status &&
    previous.selections.length === odds.length &&
    previous.selections.every((s, i) => s.odds === odds[i])
  )
    return previous;
  return {
    id: spec.id,
    type: marketType(spec),
    name: spec.name,
    ...(spec.lineText === undefined ? {} : { line: spec.lineText }),
    status,
    selections: spec.outcomes.map((o, i) => ({
      id: `${eventId}:${spec.id}:${o}`,
      name: spec.selectionNames[i]!,
      odds: odds[i]!,
    })),
  };
}

/** The value a kind reads from a finished scope. */
function scopeValues(line: ScoreLine): { diff: number; total: number } {
  return { diff: line.home - line.away, total: line.total ?? line.home + line.away };
}

/** Each outcome's result, in the spec's order, once the match is over. */
export function outcomeResults(spec: MarketSpec, final: FinalScore): SelectionResult[] {
  const score = final[spec.scope] ?? final.ft!;
  const v = scopeValues(score);
  const reads = READS[spec.kind];
  const x = reads === "joint" ? score.home : v[reads];
  const y = reads === "joint" ? score.away : 0;
  return spec.outcomes.map((_, i) => resultOf(spec, i, x, y));
}

/** Every selection's result once the match is over, by selection id. */
export function settleMarket(eventId: number, spec: MarketSpec, final: FinalScore): MarketResult {
  const out = outcomeResults(spec, final);
  const results: Record<string, SelectionResult> = {};
  spec.outcomes.forEach((o, i) => {
    results[`${eventId}:${spec.id}:${o}`] = out[i]!;
  });
  return { marketId: spec.id, results };
}

/** Names a spec: the pieces a model decides (who plays, what is counted, what the first part is called). */
export interface Naming {
  home: string;
  away: string;
  /** "goals", "points", "games", "maps", "sets", "runs". */
  unit: string;
  /** "1st half", "1st period". */
  firstPart: string;
}

const PREFIX: Record<Scope, string> = { ft: "", reg: "", h1: "h1:" };

/** Builds a market spec with its id, names and outcomes. `idBase` replaces the kind in the id when set. */
export function makeSpec(
  kind: Kind,
  scope: Scope,
  naming: Naming,
  opts: {
    line?: number;
    idBase?: string;
    title?: string;
    scores?: Array<[number, number]>;
    others?: boolean;
  } = {},
): MarketSpec {
  const { home, away, unit } = naming;
  const line = opts.line;
  const base = opts.idBase ?? kind;
  const id = `${PREFIX[scope]}${base}${line === undefined ? "" : `:${formatLine(line)}`}`;
  const part = scope === "h1" ? `${naming.firstPart} ` : "";
  const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
  const l = line ?? 0;
  const byKind = (): Pick<MarketSpec, "name" | "outcomes" | "selectionNames" | "listed"> => {
    switch (kind) {
      case "1x2":
        return { name: "Match result", outcomes: ["1", "X", "2"], selectionNames: [home, "Draw", away] };
      case "dc":
        return {
          name: "Double chance",
          outcomes: ["1X", "12", "X2"],
          selectionNames: [`${home} or draw`, `${home} or ${away}`, `Draw or ${away}`],
        };
      case "ml":
        return { name: "Winner", outcomes: ["1", "2"], selectionNames: [home, away] };
      case "ah":
        return {
          name: `Asian handicap ${signedLine(l)}`,
          outcomes: ["1", "2"],
          selectionNames: [`${home} ${signedLine(l)}`, `${away} ${signedLine(-l)}`],
        };
      case "spread":
        return {
          name: `Handicap ${signedLine(l)}`,
          outcomes: ["1", "2"],
          selectionNames: [`${home} ${signedLine(l)}`, `${away} ${signedLine(-l)}`],
        };
      case "hcp":
        return {
          name: `Handicap ${signedLine(l)} (3-way)`,
          outcomes: ["1", "X", "2"],
          selectionNames: [`${home} ${signedLine(l)}`, `Draw ${signedLine(l)}`, `${away} ${signedLine(-l)}`],
        };
      case "total":
        return {
          name: `Total ${unit} ${formatLine(l)}`,
          outcomes: ["over", "under"],
          selectionNames: [`Over ${formatLine(l)}`, `Under ${formatLine(l)}`],
        };
      case "btts":
        return { name: "Both teams to score", outcomes: ["yes", "no"], selectionNames: ["Yes", "No"] };
      case "cs": {
        const scores = opts.scores ?? [];
        const keys = scores.map(([h, a]) => `${h}-${a}`);
        const listed = new Set(keys);
        const outcomes = [...keys];
        const names = [...keys];
        // Scores outside the list fall in three "other" buckets, where they can happen (not in a best of 3).
        if (opts.others) {
          outcomes.push("other_home", "other_draw", "other_away");
          names.push(`Other ${home} win`, "Other draw", `Other ${away} win`);
        }
        return { name: "Correct score", outcomes, selectionNames: names, listed };
      }
    }
  };
  const k = byKind();
  return {
    id,
    kind,
    scope,
    ...(line === undefined ? {} : { line, lineText: formatLine(line) }),
    ...k,
    name: cap(`${part}${opts.title ?? k.name}`.trim()),
  };
}
