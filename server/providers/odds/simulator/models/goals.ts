import type { LiveState } from "../../port";
import {
  type FinalScore,
  type MarketSpec,
  makeSpec,
  type Scope,
  type ScopeDist,
  type ScoreLine,
  scopeDistCache,
} from "../markets";
import { poissonDraw, type Rng } from "../rng";
import {
  balancedHandicap,
  balancedLine,
  breakTies,
  type MatchInput,
  type MatchModel,
  mmss,
  ordinal,
  pointMass,
  poissonJoint,
  poissonPmf,
  ratingGap,
} from "./model";

/**
 * Goals as two independent Poisson processes (soccer, ice hockey, handball, baseball runs, the generic model):
 * each side's expected goals come from the rating difference and home advantage; in play the remaining goals
 * are Poisson over the remaining playing time, added to the score.
 */
export interface GoalsConfig {
  model: "goals";
  /** What totals count: "goals", "runs", "points". */
  unit: string;
  periods: number;
  periodMinutes: number;
  breakMinutes: number;
  /** How many periods make the first part (the h1 scope): 1 of 2 halves, 1 of 3 periods, 5 of 9 innings. */
  firstPartPeriods: number;
  firstPartName: string;
  /** The share of goals scored in the first part (soccer ~0.45). */
  firstPartShare: number;
  /** Expected goals of an average match in regular time. */
  baseTotal: number;
  /** Log-ratio of the two sides' scoring rates per unit of rating difference. */
  ratingScale: number;
  homeAdvantage: number;
  /** What follows a tie in regular time: nothing, overtime then a shoot-out (hockey), or extra innings. */
  tieBreak: "draw" | "overtime" | "extra";
  overtimeMinutes?: number;
  clock: "minutes" | "periods" | "innings";
  /** The main result market: three-way in regular time, or the winner incl. overtime (baseball). */
  mainResult: "1x2" | "ml";
  markets: {
    doubleChance?: boolean;
    /** The winner incl. overtime next to the three-way (hockey). */
    winnerInclOvertime?: boolean;
    drawNoBet?: boolean;
    bothScore?: boolean;
    /** Correct score up to this many goals a side, plus "other" buckets. */
    correctScoreUpTo?: number;
    europeanHandicap?: boolean;
    /** Asian quarter-line handicaps, or a single run line of ±1.5 incl. extra innings. */
    handicap: "asian" | "runline";
    firstPart?: boolean;
  };
}

type Phase = "reg" | "overtime" | "extra" | "done";

const QUANTUM_MS = 10_000;

export function goalsMatch(cfg: GoalsConfig, input: MatchInput): MatchModel {
  const dz = ratingGap(input);
  const sup = cfg.homeAdvantage + cfg.ratingScale * dz;
  const base = cfg.baseTotal * input.tempo;
  const lh = (base / 2) * Math.exp(sup / 2);
  const la = (base / 2) * Math.exp(-sup / 2);
  const P = cfg.periodMinutes;
  const B = cfg.breakMinutes;
  const playMin = cfg.periods * P;
  const firstMin = cfg.firstPartPeriods * P;
  const regEnd = cfg.periods * (P + B) - B;
  const qMin = QUANTUM_MS / 60_000;
  const avgRate = (lh + la) / playMin;
  const otMin = cfg.overtimeMinutes ?? 5;

  /** Expected goals of a side from `played` playing minutes to the end of regular time (or of the first part). */
  const remaining = (lambda: number, played: number, until = playMin) => {
    const r1 = Math.max(0, Math.min(firstMin, until) - played);
    const r2 = until > firstMin ? Math.max(0, until - Math.max(played, firstMin)) : 0;
    return (
      (lambda * cfg.firstPartShare * r1) / firstMin +
      (lambda * (1 - cfg.firstPartShare) * r2) / (playMin - firstMin)
    );
  };

  /** P(home wins what follows a tie) before it starts. */
  const freshTieShare = () => {
    if (cfg.tieBreak === "overtime") {
      const pGoal = 1 - Math.exp(-avgRate * otMin);
      return (pGoal * lh) / (lh + la) + (1 - pGoal) * 0.5;
    }
    const ph = poissonPmf(lh / cfg.periods);
    const pa = poissonPmf(la / cfg.periods);
    let win = 0;
    let lose = 0;
    ph.forEach((p, i) => {
      pa.forEach((q, j) => {
        if (i > j) win += p * q;
        else if (i < j) lose += p * q;
      });
    });
    return win / (win + lose);
  };
  const tieShare = cfg.tieBreak === "draw" ? 0.5 : freshTieShare();

  // Live state.
  let q = 0;
  let phase: Phase = "reg";
  const reg: [number, number] = [0, 0];
  const h1: [number, number] = [0, 0];
  const ft: [number, number] = [0, 0];
  let extraQ = 0;

  /** Playing minutes at a game minute, and whether the clock runs then. */
  const timeline = (g: number) => {
    const block = P + B;
    const i = Math.min(cfg.periods - 1, Math.floor(g / block));
    const within = g - i * block;
    if (within < P) return { played: i * P + within, period: i, running: true };
    return { played: (i + 1) * P, period: i, running: false };
  };
  const playedNow = () => (phase === "reg" ? Math.min(playMin, timeline(q * qMin).played) : playMin);

  const scoreNow = (): FinalScore => ({
    reg: line(reg),
    ft: line(phase === "reg" ? reg : ft),
    h1: line(h1),
  });

  const computeDist = (scope: Scope): ScopeDist => {
    const played = playedNow();
    if (phase === "done") {
      const s = scoreNow()[scope]!;
      return pointMass(s.home, s.away);
    }
    if (scope === "h1") {
      if (played >= firstMin || phase !== "reg") return pointMass(h1[0], h1[1]);
      return poissonJoint(h1[0], h1[1], remaining(lh, played, firstMin), remaining(la, played, firstMin));
    }
    const regDist =
      phase === "reg"
        ? poissonJoint(reg[0], reg[1], remaining(lh, played), remaining(la, played))
        : pointMass(reg[0], reg[1]);
    if (scope === "reg" || cfg.tieBreak === "draw") return regDist;
    if (phase === "reg") return breakTies(regDist, tieShare);
    if (phase === "overtime") {
      const left = Math.max(0, otMin - extraQ * qMin);
      const pGoal = 1 - Math.exp(-avgRate * left);
      return breakTies(pointMass(ft[0], ft[1]), (pGoal * lh) / (lh + la) + (1 - pGoal) * 0.5);
    }
    // Extra innings: the rest of this inning, then a fresh tie-break if still level.
    const left = Math.max(0, P - ((extraQ * qMin) % P));
    return breakTies(poissonJoint(ft[0], ft[1], (lh / playMin) * left, (la / playMin) * left), tieShare);
  };

  const cachedDist = scopeDistCache(computeDist);
  const dist = cachedDist.dist;

  const naming = input.naming;
  const specs = (): MarketSpec[] => {
    const out: MarketSpec[] = [];
    const regular = dist("reg");
    const m = cfg.markets;
    if (cfg.mainResult === "1x2") out.push(makeSpec("1x2", "reg", naming));
    else out.push(makeSpec("ml", "ft", naming, { title: winnerTitle(cfg) }));
    if (m.winnerInclOvertime) out.push(makeSpec("ml", "ft", naming, { title: winnerTitle(cfg) }));
    if (m.doubleChance) out.push(makeSpec("dc", "reg", naming));
    if (m.drawNoBet) out.push(makeSpec("ml", "reg", naming, { idBase: "dnb", title: "Draw no bet" }));
    const L = balancedLine(regular.total, 1, 0.5);
    for (const line of [L - 1, L - 0.25, L, L + 0.25, L + 0.5, L + 1]) {
      if (line > 0) out.push(makeSpec("total", "reg", naming, { line }));
    }
    if (m.handicap === "asian") {
      const A = balancedHandicap(regular.diff);
      for (const line of [A - 0.5, A - 0.25, A, A + 0.25, A + 0.5])
        out.push(makeSpec("ah", "reg", naming, { line }));
    } else {
      out.push(
        makeSpec("spread", "ft", naming, {
          line: lh >= la ? -1.5 : 1.5,
          idBase: "runline",
          title: `Run line`,
        }),
      );
    }
    if (m.europeanHandicap) out.push(makeSpec("hcp", "reg", naming, { line: lh >= la ? -1 : 1 }));
    if (m.bothScore) out.push(makeSpec("btts", "reg", naming));
    if (m.correctScoreUpTo !== undefined) {
      const n = m.correctScoreUpTo;
      const scores: Array<[number, number]> = [];
      for (let h = 0; h <= n; h++) for (let a = 0; a <= n; a++) scores.push([h, a]);
      out.push(makeSpec("cs", "reg", naming, { scores, others: true }));
    }
    if (m.firstPart) {
      out.push(makeSpec("1x2", "h1", naming));
      out.push(makeSpec("total", "h1", naming, { line: balancedLine(dist("h1").total, 1, 0.5) }));
    }
    return out;
  };

  const step = (rng: Rng): boolean => {
    cachedDist.clear();
    if (phase === "done") return false;
    q++;
    let incident = false;
    const goal = (side: 0 | 1, into: [number, number][]) => {
      for (const s of into) s[side]++;
      incident = true;
    };
    if (phase === "reg") {
      const mid = (q - 0.5) * qMin;
      const t = timeline(mid);
      if (t.running && mid < regEnd) {
        const inFirst = t.played < firstMin;
        const share = inFirst
          ? cfg.firstPartShare / firstMin
          : (1 - cfg.firstPartShare) / (playMin - firstMin);
        const targets: [number, number][] = inFirst ? [reg, h1] : [reg];
        if (rng() < lh * share * qMin) goal(0, targets);
        if (rng() < la * share * qMin) goal(1, targets);
      }
      if (q * qMin >= regEnd - 1e-9) {
        ft[0] = reg[0];
        ft[1] = reg[1];
        if (cfg.tieBreak === "draw" || reg[0] !== reg[1]) phase = "done";
        else phase = cfg.tieBreak === "overtime" ? "overtime" : "extra";
      }
      return incident;
    }
    extraQ++;
    const home = rng() < (lh / playMin) * qMin;
    const away = rng() < (la / playMin) * qMin;
    if (phase === "overtime") {
      if (home || away) {
        // Sudden death: the first goal ends it.
        ft[home ? 0 : 1]++;
        phase = "done";
        return true;
      }
      if (extraQ * qMin >= otMin - 1e-9) {
        ft[rng() < 0.5 ? 0 : 1]++;
        phase = "done";
        return true;
      }
      return false;
    }
    if (home) goal(0, [ft]);
    if (away) goal(1, [ft]);
    // Counted in whole quanta: an inning ends every P minutes of extra play.
    if (extraQ % Math.round(P / qMin) === 0 && ft[0] !== ft[1]) phase = "done";
    return incident;
  };

  const live = (): LiveState => {
    const g = q * qMin;
    const score: [number, number] = phase === "reg" ? [reg[0], reg[1]] : [ft[0], ft[1]];
    if (phase === "done") return { clock: "FT", elapsed: playMin, period: "Ended", score };
    if (phase === "overtime") {
      const sec = extraQ * qMin * 60;
      return { clock: `OT ${mmss(sec)}`, elapsed: playMin + sec / 60, period: "Overtime", score };
    }
    if (phase === "extra") {
      const n = cfg.periods + 1 + Math.floor((extraQ * qMin) / P);
      return {
        clock: `Inning ${n}`,
        elapsed: playMin + extraQ * qMin,
        period: `${ordinal(n)} inning`,
        score,
      };
    }
    const t = timeline(g);
    const detail =
      cfg.firstPartPeriods && t.played >= firstMin ? `${cfg.firstPartName} ${h1[0]}-${h1[1]}` : undefined;
    const period = !t.running
      ? cfg.clock === "minutes" && t.period === 0
        ? "Half-time"
        : "Break"
      : periodName(cfg, t.period);
    let clock: string;
    if (!t.running) clock = cfg.clock === "minutes" && t.period === 0 ? "HT" : "Break";
    else if (cfg.clock === "minutes") clock = `${Math.floor(t.played) + 1}'`;
    else if (cfg.clock === "periods") clock = `P${t.period + 1} ${mmss((t.played - t.period * P) * 60)}`;
    else clock = `Inning ${t.period + 1}`;
    return { clock, elapsed: Math.round(t.played * 100) / 100, period, score, ...(detail ? { detail } : {}) };
  };

  const draw = (rng: Rng): FinalScore => {
    const h1h = poissonDraw(rng, lh * cfg.firstPartShare);
    const h1a = poissonDraw(rng, la * cfg.firstPartShare);
    const rh = h1h + poissonDraw(rng, lh * (1 - cfg.firstPartShare));
    const ra = h1a + poissonDraw(rng, la * (1 - cfg.firstPartShare));
    let fh = rh;
    let fa = ra;
    if (rh === ra && cfg.tieBreak === "overtime") {
      const pGoal = 1 - Math.exp(-avgRate * otMin);
      if (rng() < pGoal) rng() < lh / (lh + la) ? fh++ : fa++;
      else rng() < 0.5 ? fh++ : fa++;
    } else if (rh === ra && cfg.tieBreak === "extra") {
      while (fh === fa) {
        fh += poissonDraw(rng, lh / cfg.periods);
        fa += poissonDraw(rng, la / cfg.periods);
      }
    }
    return { reg: line([rh, ra]), ft: line([fh, fa]), h1: line([h1h, h1a]) };
  };

  const correct = (final: FinalScore): FinalScore => {
    // A goal that should have stood: one more for the side that led (home on a draw) in regular time.
    const r = final.reg ?? final.ft!;
    const side = r.home >= r.away ? "home" : "away";
    const next: ScoreLine = { ...r, [side]: r[side] + 1 };
    const ft2 = cfg.tieBreak === "draw" || next.home !== next.away ? next : final.ft!;
    return { ...final, reg: next, ft: cfg.tieBreak === "draw" ? next : ft2 };
  };

  return {
    specs: specs(),
    quantumMs: QUANTUM_MS,
    dist,
    step,
    finished: () => phase === "done",
    score: scoreNow,
    live,
    draw,
    correct,
  };
}

function line([home, away]: readonly [number, number]): ScoreLine {
  return { home, away };
}

function winnerTitle(cfg: GoalsConfig): string {
  return cfg.tieBreak === "overtime"
    ? "Winner (incl. overtime)"
    : cfg.tieBreak === "extra"
      ? "Winner (incl. extra innings)"
      : "Winner";
}

function periodName(cfg: GoalsConfig, i: number): string {
  if (cfg.clock === "minutes")
    return cfg.periods === 2 ? `${ordinal(i + 1)} half` : `${ordinal(i + 1)} period`;
  if (cfg.clock === "periods") return `${ordinal(i + 1)} period`;
  return `${ordinal(i + 1)} inning`;
}
