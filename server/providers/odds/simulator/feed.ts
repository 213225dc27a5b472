import type { Clock } from "../../../lib/clock";
import type {
  EventStatus,
  FeedEvent,
  FeedMarket,
  FeedSelection,
  FeedUpdate,
  LiveState,
  MarketResult,
  OddsFeed,
  SelectionResult,
} from "../port";
import {
  type FinalScore,
  type MarketSpec,
  quoteMarket,
  type Scope,
  type ScopeDist,
  settleMarket,
} from "./markets";
import type { MatchModel } from "./models/model";
import { priceWithMargin } from "./odds";
import { createRng, type Rng, seedOf } from "./rng";
import {
  DAY_MS,
  type Fixture,
  type League,
  OUTRIGHT_PERIOD_DAYS,
  Schedule,
  type SimulatorCatalogue,
} from "./schedule";
import { createMatch, type ModelConfig, SOCCER, typicalMinutes } from "./sports";

export interface SimulatedFeedOptions {
  catalogue: SimulatorCatalogue;
  /** SPORTS_SEED: the same seed and clock give the same schedule, prices and matches. */
  seed?: number;
  clock: Clock;
  /** Game time per real time: 1 plays in real time, 120 plays a 90-minute match in 45 seconds. */
  clockSpeed?: number;
  /** The overround: each market's implied probabilities sum to 1 + margin. Default 0.06. */
  margin?: number;
  daysAhead?: number;
  /** About how many matches the schedule holds over `daysAhead` days. */
  maxEvents?: number;
  topPerDay?: number;
  maxOutrights?: number;
  /** How often `start()` ticks, in real milliseconds. */
  tickMs?: number;
  /** How long markets stay suspended after a goal (or set, quarter, map), in real milliseconds. */
  suspendMs?: number;
  /** With a fast clock, about this many extra quick matches are in play at any time (default 6 when faster than 1). */
  minLive?: number;
  /** Shares of matches that are cancelled at kick-off, and whose result is corrected after it was given. */
  cancelRate?: number;
  correctionRate?: number;
  /** Real milliseconds from the result to its correction, and from the end to leaving the feed. */
  correctionAfterMs?: number;
  removeAfterMs?: number;
  /** A subscriber that throws does not stop the others; this hears about it. */
  onListenerError?: (err: unknown) => void;
}

export interface EventFilter {
  status?: EventStatus;
  sportId?: number;
  categoryId?: number;
  championshipId?: number;
  top?: boolean;
}

/** The simulator's feed: the port, plus what tests and the sportsbook's lists want on top. */
export interface SimulatedOddsFeed extends OddsFeed {
  /** Plays everything up to the clock's now (start() calls it on a timer; tests call it after moving the clock). */
  tick(): void;
  /** Events matching every given filter, ordered by start then id; cheap (indexed by status, cached). */
  eventsBy(filter: EventFilter): FeedEvent[];
  /** The events in play. */
  live(): FeedEvent[];
  /** A selection by its id (`${eventId}:${marketId}:${outcome}`) with its market and event, as they are now. */
  selection(
    selectionId: string,
  ): { event: FeedEvent; market: FeedMarket; selection: FeedSelection } | undefined;
  readonly margin: number;
}

type Fate = "normal" | "cancel" | "correct";

interface Sim {
  id: number;
  league: League;
  home: string;
  away?: string;
  startsAt: number;
  top: boolean;
  fate: Fate;
  /** Matches: the model and the markets it offered before the start; outrights: fair chances per side. */
  model?: MatchModel;
  specs: MarketSpec[];
  chances?: number[];
  status: EventStatus;
  rng: Rng;
  q: number;
  lastIncidentQ?: number;
  suspended: boolean;
  markets: FeedMarket[];
  live?: LiveState;
  snapshot: FeedEvent;
  signature: string;
  result?: { version: number; markets: MarketResult[] };
  final?: FinalScore;
  correctAt?: number;
  removeAt?: number;
}

export function createSimulatedOddsFeed(opts: SimulatedFeedOptions): SimulatedOddsFeed {
  const seed = opts.seed ?? 2026;
  const clock = opts.clock;
  const speed = opts.clockSpeed ?? 1;
  const margin = opts.margin ?? 0.06;
  const daysAhead = opts.daysAhead ?? 3;
  const tickMs = opts.tickMs ?? 1000;
  const suspendMs = opts.suspendMs ?? (speed >= 10 ? 2000 : 5000);
  const minLive = opts.minLive ?? (speed > 1 ? 6 : 0);
  const cancelRate = opts.cancelRate ?? 0.01;
  const correctionRate = opts.correctionRate ?? 0.02;
  const correctionAfterMs = opts.correctionAfterMs ?? Math.max(5_000, 120_000 / speed);
  const removeAfterMs = opts.removeAfterMs ?? Math.max(60_000, 1_800_000 / speed);
  let built: Schedule | undefined;
  /** The catalogue is read on first use too. */
  const schedule = (): Schedule =>
    (built ??= new Schedule(opts.catalogue, seed, {
      eventsPerDay: (opts.maxEvents ?? 2000) / daysAhead,
      topPerDay: opts.topPerDay ?? 12,
      maxOutrights: opts.maxOutrights ?? 20,
    }));

  const sims = new Map<number, Sim>();
  const listeners = new Set<(u: FeedUpdate) => void>();
  let generatedUntil = 0;
  let generatedUntilAtStart = 0;
  const outrightsMade = new Set<number>();
  let all: FeedEvent[] | undefined;
  let byStatus: Map<EventStatus, FeedEvent[]> | undefined;
  let timer: ReturnType<typeof setInterval> | undefined;

  let muted = false;
  const emit = (u: FeedUpdate) => {
    if (muted) return;
    for (const l of [...listeners]) {
      try {
        l(u);
      } catch (err) {
        opts.onListenerError?.(err);
      }
    }
  };

  const naming = (config: ModelConfig, home: string, away: string) => ({
    home,
    away,
    unit: config.model === "goals" ? config.unit : config.model === "points" ? "points" : "games",
    firstPart: config.model === "goals" ? config.firstPartName : "1st half",
  });

  /** Prices every market of a match from where it stands (one distribution per scope). */
  const quote = (sim: Sim): FeedMarket[] => {
    const dists = new Map<Scope, ScopeDist>();
    const out: FeedMarket[] = [];
    sim.specs.forEach((spec, i) => {
      let d = dists.get(spec.scope);
      if (!d) {
        d = sim.model!.dist(spec.scope);
        dists.set(spec.scope, d);
      }
      const m = quoteMarket(sim.id, spec, d, margin, sim.markets[i], sim.suspended);
      if (m) out.push(m);
    });
    return out;
  };

  const outrightMarket = (sim: Sim, status: FeedMarket["status"]): FeedMarket => {
    const odds = priceWithMargin(sim.chances!, margin) ?? sim.chances!.map(() => "1.01");
    return {
      id: "winner",
      type: "outright",
      name: "Winner",
      status,
      selections: sim.league.championship.participants.map((p, i) => ({
        id: `${sim.id}:winner:${i}`,
        name: p.name,
        odds: odds[i]!,
      })),
    };
  };

  /** The event a subscriber sees, as the simulation stands. */
  const eventOf = (sim: Omit<Sim, "snapshot" | "signature">): FeedEvent => {
    const c = sim.league.championship;
    return {
      id: sim.id,
      sportId: c.sportId,
      categoryId: c.categoryId,
      championshipId: c.id,
      home: sim.home,
      ...(sim.away === undefined ? {} : { away: sim.away }),
      startsAt: new Date(sim.startsAt),
      status: sim.status,
      ...(sim.live ? { live: sim.live } : {}),
      top: sim.top,
      markets: sim.markets,
    };
  };

  /** Rebuilds the event a subscriber sees; true when anything they could notice changed. */
  const refresh = (sim: Sim): boolean => {
    const event = eventOf(sim);
    const signature = JSON.stringify([
      sim.status,
      sim.startsAt,
      sim.live,
      sim.markets.map((m) => [m.status, m.selections.map((s) => s.odds)]),
    ]);
    sim.snapshot = event;
    if (signature === sim.signature) return false;
    sim.signature = signature;
    all = undefined;
    byStatus = undefined;
    return true;
  };

  const publish = (sim: Sim) => {
    if (refresh(sim)) emit({ type: "event", event: sim.snapshot });
  };

  const fateOf = (id: number): Fate => {
    const u = createRng(seedOf(seed, "fate", id))();
    return u < cancelRate ? "cancel" : u < cancelRate + correctionRate ? "correct" : "normal";
  };

  const addMatch = (f: Fixture) => {
    const c = f.league.championship;
    const home = c.participants[f.home]!.name;
    const away = c.participants[f.away]!.name;
    const config = f.league.profile.model;
    const tempo = 0.9 + 0.2 * createRng(seedOf(seed, "tempo", f.id))();
    const model = createMatch(config, {
      naming: naming(config, home, away),
      home: f.league.strength[f.home]!,
      away: f.league.strength[f.away]!,
      tempo,
    });
    const draft: Omit<Sim, "snapshot" | "signature"> = {
      id: f.id,
      league: f.league,
      home,
      away,
      startsAt: f.startsAt,
      top: f.top,
      fate: fateOf(f.id),
      model,
      specs: model.specs,
      status: "scheduled",
      rng: createRng(seedOf(seed, "play", f.id)),
      q: 0,
      suspended: false,
      markets: [],
    };
    // What subscribers see is rebuilt by publish below, once the markets are set.
    const sim: Sim = { ...draft, snapshot: eventOf(draft), signature: "" };
    // Only the markets that can be priced before the start are offered (and later settled).
    const offered = quote(sim);
    const ids = new Set(offered.map((m) => m.id));
    sim.specs = sim.specs.filter((s) => ids.has(s.id));
    sim.markets = offered;
    sims.set(sim.id, sim);
    publish(sim);
  };

  const addOutright = (id: number, league: League, startsAt: number) => {
    const strength = league.strength;
    const weights = strength.map((z) => Math.exp(1.3 * z));
    const sum = weights.reduce((a, b) => a + b, 0);
    const draft: Omit<Sim, "snapshot" | "signature"> = {
      id,
      league,
      home: league.championship.name,
      startsAt,
      top: false,
      fate: "normal",
      specs: [],
      chances: weights.map((w) => w / sum),
      status: "scheduled",
      rng: createRng(seedOf(seed, "outright", id)),
      q: 0,
      suspended: false,
      markets: [],
    };
    // What subscribers see is rebuilt by publish below, once the markets are set.
    const sim: Sim = { ...draft, snapshot: eventOf(draft), signature: "" };
    sim.markets = [outrightMarket(sim, "open")];
    sims.set(id, sim);
    publish(sim);
  };

  // With a fast clock matches last seconds: a quick match every slot keeps about `minLive` in play, announced
  // a few minutes ahead so they can be bet on before the start.
  const slotMs =
    minLive > 0 ? Math.max(1000, Math.round((typicalMinutes(SOCCER) * 60_000) / speed / minLive)) : 0;
  let quickUntil = 0;
  const refillQuick = (now: number) => {
    if (!slotMs) return;
    const last = Math.floor((now + 40 * slotMs) / slotMs);
    for (
      let slot = Math.max(quickUntil, Math.floor(generatedUntilAtStart / slotMs)) + 1;
      slot <= last;
      slot++
    ) {
      const f = schedule().quick(slot, slotMs);
      if (f && !sims.has(f.id)) addMatch(f);
    }
    quickUntil = last;
  };

  /** Adds the fixtures that came within the window since the last refill. */
  const refill = (now: number) => {
    refillQuick(now);
    const horizon = now + daysAhead * DAY_MS;
    if (horizon <= generatedUntil) return;
    for (let day = Math.floor(generatedUntil / DAY_MS); day <= Math.floor(horizon / DAY_MS); day++) {
      for (const f of schedule().day(day)) {
        if (f.startsAt > generatedUntil && f.startsAt <= horizon && !sims.has(f.id)) addMatch(f);
      }
    }
    generatedUntil = horizon;
    const period = Math.floor(now / DAY_MS / OUTRIGHT_PERIOD_DAYS);
    for (const p of [period - 1, period]) {
      for (const o of schedule().outrights(p)) {
        if (o.startsAt + removeAfterMs <= now || outrightsMade.has(o.id)) continue;
        outrightsMade.add(o.id);
        addOutright(o.id, o.league, o.startsAt);
      }
    }
  };

  const closeAll = (sim: Sim) => {
    sim.markets = sim.markets.map((m) => (m.status === "closed" ? m : { ...m, status: "closed" as const }));
  };

  const resultsOf = (sim: Sim, final: FinalScore): MarketResult[] =>
    sim.specs.map((spec) => settleMarket(sim.id, spec, final));

  const liveScore = (final: FinalScore): [number, number] => {
    const s = final.ft ?? final.reg!;
    return [s.home, s.away];
  };

  const end = (sim: Sim, now: number) => {
    const final = sim.model!.score();
    sim.final = final;
    sim.status = "ended";
    sim.live = sim.model!.live();
    sim.suspended = false;
    sim.markets = quote(sim);
    closeAll(sim);
    publish(sim);
    sim.result = { version: 1, markets: resultsOf(sim, final) };
    emit({ type: "result", eventId: sim.id, version: 1, markets: sim.result.markets });
    // Timed from when the match really ended (at start-up that may be before now), so a restart keeps the same
    // results, corrections and removals.
    const endedAt = Math.min(now, sim.startsAt + Math.ceil((sim.q * sim.model!.quantumMs) / speed));
    if (sim.fate === "correct") sim.correctAt = endedAt + correctionAfterMs;
    sim.removeAt = endedAt + removeAfterMs + (sim.fate === "correct" ? correctionAfterMs : 0);
  };

  const settleOutright = (sim: Sim) => {
    const chances = sim.chances!;
    let u = sim.rng();
    let winner = chances.length - 1;
    for (let i = 0; i < chances.length; i++) {
      if (u < chances[i]!) {
        winner = i;
        break;
      }
      u -= chances[i]!;
    }
    sim.status = "ended";
    closeAll(sim);
    publish(sim);
    const results: Record<string, SelectionResult> = {};
    sim.markets[0]!.selections.forEach((s, i) => {
      results[s.id] = i === winner ? "won" : "lost";
    });
    sim.result = { version: 1, markets: [{ marketId: "winner", results }] };
    emit({ type: "result", eventId: sim.id, version: 1, markets: sim.result.markets });
    sim.removeAt = sim.startsAt + removeAfterMs;
  };

  /** Plays a live match up to now: fixed quanta of game time, so where it stands depends on the clock alone. */
  const play = (sim: Sim, now: number) => {
    const model = sim.model!;
    const gameMs = (now - sim.startsAt) * speed;
    const target = Math.floor(gameMs / model.quantumMs);
    const before = sim.q;
    while (sim.q < target && !model.finished()) {
      if (model.step(sim.rng)) sim.lastIncidentQ = sim.q + 1;
      sim.q++;
    }
    if (model.finished()) return end(sim, now);
    const suspended =
      sim.lastIncidentQ !== undefined && gameMs - sim.lastIncidentQ * model.quantumMs < suspendMs * speed;
    if (sim.q === before && suspended === sim.suspended) return;
    sim.suspended = suspended;
    sim.live = model.live();
    sim.markets = quote(sim);
    publish(sim);
  };

  const kickOff = (sim: Sim, now: number) => {
    if (!sim.model) return settleOutright(sim);
    if (sim.fate === "cancel") {
      sim.status = "cancelled";
      closeAll(sim);
      publish(sim);
      emit({ type: "cancelled", eventId: sim.id });
      sim.removeAt = sim.startsAt + removeAfterMs;
      return;
    }
    sim.status = "live";
    sim.live = sim.model.live();
    play(sim, now);
    if (sim.status === "live") publish(sim);
  };

  const correct = (sim: Sim) => {
    sim.correctAt = undefined;
    let final = sim.model!.correct(sim.final!, sim.rng);
    // A correction that changes no result would exercise nothing: then the score was entered the wrong way round.
    if (JSON.stringify(resultsOf(sim, final)) === JSON.stringify(sim.result?.markets))
      final = swapped(sim.final!);
    sim.final = final;
    sim.live = { ...sim.live!, score: liveScore(final) };
    publish(sim);
    const version = (sim.result?.version ?? 0) + 1;
    sim.result = { version, markets: resultsOf(sim, final) };
    emit({ type: "result", eventId: sim.id, version, markets: sim.result.markets });
  };

  const advance = (now: number) => {
    refill(now);
    for (const sim of [...sims.values()]) {
      if (sim.status === "scheduled" && now >= sim.startsAt) kickOff(sim, now);
      else if (sim.status === "live") play(sim, now);
      if (sim.correctAt !== undefined && now >= sim.correctAt) correct(sim);
      if (sim.removeAt !== undefined && now >= sim.removeAt && sim.correctAt === undefined) {
        sims.delete(sim.id);
        all = undefined;
        byStatus = undefined;
        emit({ type: "removed", eventId: sim.id });
      }
    }
  };

  // Start-up, on first use (an app that never touches the sportsbook pays nothing): the window reaches back over
  // a match's length and the time its result stays in the feed; matches under way are caught up to now and the
  // recently ended keep their results (a restart loses no settlement), all from the same seed, nothing announced.
  let booted = false;
  const boot = () => {
    if (booted) return;
    booted = true;
    const now = clock.now().getTime();
    const longest = Math.max(...schedule().leagues.map((l) => typicalMinutes(l.profile.model)), 0);
    generatedUntil = now - (longest * 60_000 * 1.5) / speed - removeAfterMs - correctionAfterMs;
    generatedUntilAtStart = generatedUntil;
    muted = true;
    try {
      advance(now);
    } finally {
      muted = false;
    }
  };

  const sorted = (): FeedEvent[] => {
    boot();
    if (!all) {
      all = [...sims.values()]
        .map((s) => s.snapshot)
        .sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime() || a.id - b.id);
    }
    return all;
  };

  const statusIndex = (): Map<EventStatus, FeedEvent[]> => {
    if (!byStatus) {
      byStatus = new Map();
      for (const e of sorted()) {
        const list = byStatus.get(e.status);
        if (list) list.push(e);
        else byStatus.set(e.status, [e]);
      }
    }
    return byStatus;
  };

  return {
    margin,
    events: sorted,
    event: (id) => {
      boot();
      return sims.get(id)?.snapshot;
    },
    results: (eventId) => {
      boot();
      return sims.get(eventId)?.result;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    tick: () => {
      boot();
      advance(clock.now().getTime());
    },
    eventsBy(filter) {
      const base = filter.status ? (statusIndex().get(filter.status) ?? []) : sorted();
      if (
        filter.sportId === undefined &&
        filter.categoryId === undefined &&
        filter.championshipId === undefined &&
        filter.top === undefined
      ) {
        return base;
      }
      return base.filter(
        (e) =>
          (filter.sportId === undefined || e.sportId === filter.sportId) &&
          (filter.categoryId === undefined || e.categoryId === filter.categoryId) &&
          (filter.championshipId === undefined || e.championshipId === filter.championshipId) &&
          (filter.top === undefined || (e.top ?? false) === filter.top),
      );
    },
    live: () => statusIndex().get("live") ?? [],
    selection(selectionId) {
      boot();
      const first = selectionId.indexOf(":");
      const last = selectionId.lastIndexOf(":");
      if (first < 0 || last <= first) return undefined;
      const event = sims.get(Number(selectionId.slice(0, first)))?.snapshot;
      const market = event?.markets.find((m) => m.id === selectionId.slice(first + 1, last));
      const selection = market?.selections.find((x) => x.id === selectionId);
      return event && market && selection ? { event, market, selection } : undefined;
    },
    async start() {
      if (timer) return;
      boot();
      advance(clock.now().getTime());
      timer = setInterval(() => advance(clock.now().getTime()), tickMs);
      timer.unref?.();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
    },
  };
}

function swapped(final: FinalScore): FinalScore {
  const out: FinalScore = {};
  for (const [scope, line] of Object.entries(final) as Array<
    [keyof FinalScore, NonNullable<FinalScore["ft"]>]
  >) {
    out[scope] = { ...line, home: line.away, away: line.home };
  }
  return out;
}
