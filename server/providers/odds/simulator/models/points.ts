import type { LiveState } from "../../port";
import {
  type FinalScore,
  type MarketSpec,
  makeSpec,
  type Points,
  type Scope,
  type ScopeDist,
  scopeDistCache,
} from "../markets";
import { normalDraw, type Rng } from "../rng";
import {
  balancedLine,
  discreteNormal,
  fromMap,
  type MatchInput,
  type MatchModel,
  mmss,
  normalCdf,
  ordinal,
  ratingGap,
} from "./model";

/**
 * Points as a normal model (basketball, American football): the margin and the total are normal around the
 * sides' expected points, with the variance of the scoring plays the live match is played with; in play the
 * remaining margin and total shrink with the remaining time and are added to the score.
 */
export interface PointsConfig {
  model: "points";
  periodMinutes: number;
  breakMinutes: number;
  halfTimeMinutes: number;
  /** Expected points of an average match in regular time. */
  baseTotal: number;
  /** Points of margin per unit of rating difference. */
  ratingPoints: number;
  homeAdvantage: number;
  /** What one scoring play is worth, and how often: basketball 2s, 3s and free throws. */
  scoring: Array<[points: number, share: number]>;
  overtimeMinutes: number;
  /** Distance between the offered handicap lines and between the total lines. */
  spreadStep: number;
  totalStep: number;
}

const QUANTUM_MS = 10_000;
const PERIODS = 4;

export function pointsMatch(cfg: PointsConfig, input: MatchInput): MatchModel {
  const dz = ratingGap(input);
  const edge = cfg.homeAdvantage + cfg.ratingPoints * dz;
  const base = cfg.baseTotal * input.tempo;
  const mh = base / 2 + edge / 2;
  const ma = base / 2 - edge / 2;
  const P = cfg.periodMinutes;
  const playMin = PERIODS * P;
  const qMin = QUANTUM_MS / 60_000;
  const quanta = playMin / qMin;
  const size = cfg.scoring.reduce((s, [v, w]) => s + v * w, 0);
  const size2 = cfg.scoring.reduce((s, [v, w]) => s + v * v * w, 0);
  const ph = mh / size / quanta;
  const pa = ma / size / quanta;
  // Variance per team over regular time, of the plays simulated below.
  const vh = quanta * (size2 * ph - (size * ph) ** 2);
  const va = quanta * (size2 * pa - (size * pa) ** 2);
  const breaks = [cfg.breakMinutes, cfg.halfTimeMinutes, cfg.breakMinutes];
  const starts = [0];
  for (let i = 1; i < PERIODS; i++) starts.push(starts[i - 1]! + P + breaks[i - 1]!);
  const regEnd = starts[PERIODS - 1]! + P;

  let q = 0;
  let ot = 0; // overtime periods started
  let otQ = 0;
  let done = false;
  const score: [number, number] = [0, 0];
  const half: [number, number] = [0, 0];
  const reg: [number, number] = [0, 0];

  const timeline = (g: number) => {
    for (let i = PERIODS - 1; i >= 0; i--) {
      if (g >= starts[i]!) {
        const within = g - starts[i]!;
        return within < P
          ? { period: i, played: i * P + within, running: true }
          : { period: i, played: (i + 1) * P, running: false };
      }
    }
    return { period: 0, played: 0, running: true };
  };
  const played = () => (ot > 0 ? playMin : Math.min(playMin, timeline(q * qMin).played));

  /** Margin and total of the rest of a stretch of `minutes`, on top of a score. */
  const normalScope = (h: number, a: number, minutes: number): ScopeDist => {
    const f = minutes / playMin;
    const sd = Math.sqrt((vh + va) * f);
    return {
      diff: discreteNormal(h - a, (mh - ma) * f, sd),
      total: discreteNormal(h + a, (mh + ma) * f, sd),
    };
  };

  const otShare = (minutesLeft: number, lead: number) => {
    const f = minutesLeft / playMin;
    const sd = Math.sqrt((vh + va) * f);
    return sd < 1e-6 ? (lead > 0 ? 1 : lead < 0 ? 0 : 0.5) : normalCdf((lead + (mh - ma) * f) / sd);
  };

  /** Ties after regular time go to overtime: split to a one-point win either way. */
  const splitTies = (d: Points, share: number): Points => {
    const m = new Map<number, number>();
    d.x.forEach((x, i) => {
      const p = d.p[i]!;
      if (x !== 0) m.set(x, (m.get(x) ?? 0) + p);
      else {
        m.set(1, (m.get(1) ?? 0) + p * share);
        m.set(-1, (m.get(-1) ?? 0) + p * (1 - share));
      }
    });
    return fromMap(m);
  };

  const scoreNow = (): FinalScore => ({
    ft: { home: score[0], away: score[1] },
    reg: { home: reg[0], away: reg[1] },
    h1: { home: half[0], away: half[1] },
  });

  const computeDist = (scope: Scope): ScopeDist => {
    const t = played();
    if (scope === "h1") {
      return t >= playMin / 2
        ? normalScope(half[0], half[1], 0)
        : normalScope(half[0], half[1], playMin / 2 - t);
    }
    if (done) {
      const s = scoreNow()[scope]!;
      return normalScope(s.home, s.away, 0);
    }
    if (ot === 0) {
      const d = normalScope(reg[0], reg[1], playMin - t);
      return scope === "reg" ? d : { ...d, diff: splitTies(d.diff, otShare(cfg.overtimeMinutes, 0)) };
    }
    if (scope === "reg") return normalScope(reg[0], reg[1], 0);
    const left = Math.max(0, cfg.overtimeMinutes - otQ * qMin);
    const d = normalScope(score[0], score[1], left);
    return { ...d, diff: splitTies(d.diff, otShare(cfg.overtimeMinutes, 0)) };
  };

  const cachedDist = scopeDistCache(computeDist);
  const dist = cachedDist.dist;

  const naming = input.naming;
  const specs = (): MarketSpec[] => {
    const out: MarketSpec[] = [makeSpec("ml", "ft", naming, { title: "Winner (incl. overtime)" })];
    const d = dist("ft");
    const centre = Math.round(-(mh - ma) - 0.5) + 0.5;
    for (const k of [-1, 0, 1]) {
      out.push(makeSpec("spread", "ft", naming, { line: centre + k * cfg.spreadStep }));
    }
    const T = balancedLine(d.total, 1, 0.5);
    for (const k of [-1, 0, 1]) out.push(makeSpec("total", "ft", naming, { line: T + k * cfg.totalStep }));
    const h = dist("h1");
    out.push(makeSpec("spread", "h1", naming, { line: Math.round(-(mh - ma) / 2 - 0.5) + 0.5 }));
    out.push(makeSpec("total", "h1", naming, { line: balancedLine(h.total, 1, 0.5) }));
    return out;
  };

  const play = (rng: Rng): number => {
    let u = rng();
    for (const [v, w] of cfg.scoring) {
      if (u < w) return v;
      u -= w;
    }
    return cfg.scoring[0]![0];
  };

  const step = (rng: Rng): boolean => {
    cachedDist.clear();
    if (done) return false;
    q++;
    const scoreIn = (targets: [number, number][]) => {
      if (rng() < ph) {
        const v = play(rng);
        for (const t of targets) t[0] += v;
      }
      if (rng() < pa) {
        const v = play(rng);
        for (const t of targets) t[1] += v;
      }
    };
    if (ot === 0) {
      const mid = (q - 0.5) * qMin;
      const before = timeline((q - 1) * qMin);
      const t = timeline(mid);
      if (t.running && mid < regEnd) scoreIn(t.played < playMin / 2 ? [score, reg, half] : [score, reg]);
      const after = timeline(q * qMin);
      const periodEnded =
        before.running && (!after.running || after.period !== before.period || q * qMin >= regEnd);
      if (q * qMin >= regEnd - 1e-9) {
        if (score[0] !== score[1]) done = true;
        else ot = 1;
        return true;
      }
      return periodEnded;
    }
    otQ++;
    scoreIn([score]);
    if (otQ * qMin >= cfg.overtimeMinutes - 1e-9) {
      if (score[0] !== score[1]) done = true;
      else {
        ot++;
        otQ = 0;
      }
      return true;
    }
    return false;
  };

  const live = (): LiveState => {
    const s: [number, number] = [score[0], score[1]];
    if (done) return { clock: "FT", elapsed: played(), period: "Ended", score: s };
    if (ot > 0) {
      const left = (cfg.overtimeMinutes - otQ * qMin) * 60;
      return { clock: `OT ${mmss(left)}`, elapsed: playMin + otQ * qMin, period: "Overtime", score: s };
    }
    const t = timeline(q * qMin);
    if (!t.running) {
      const halfTime = t.period === 1;
      return {
        clock: halfTime ? "HT" : `Q${t.period + 1} end`,
        elapsed: t.played,
        period: halfTime ? "Half-time" : "Break",
        score: s,
      };
    }
    const left = ((t.period + 1) * P - t.played) * 60;
    return {
      clock: `Q${t.period + 1} ${mmss(left)}`,
      elapsed: Math.round(t.played * 100) / 100,
      period: `${ordinal(t.period + 1)} quarter`,
      score: s,
    };
  };

  const draw = (rng: Rng): FinalScore => {
    const sh = Math.sqrt(vh / 2);
    const sa = Math.sqrt(va / 2);
    const h1h = Math.max(0, Math.round(mh / 2 + sh * normalDraw(rng)));
    const h1a = Math.max(0, Math.round(ma / 2 + sa * normalDraw(rng)));
    const rh = h1h + Math.max(0, Math.round(mh / 2 + sh * normalDraw(rng)));
    const ra = h1a + Math.max(0, Math.round(ma / 2 + sa * normalDraw(rng)));
    let fh = rh;
    let fa = ra;
    const f = cfg.overtimeMinutes / playMin;
    while (fh === fa) {
      fh += Math.max(0, Math.round(mh * f + Math.sqrt(vh * f) * normalDraw(rng)));
      fa += Math.max(0, Math.round(ma * f + Math.sqrt(va * f) * normalDraw(rng)));
    }
    return { ft: { home: fh, away: fa }, reg: { home: rh, away: ra }, h1: { home: h1h, away: h1a } };
  };

  const correct = (final: FinalScore): FinalScore => {
    // A basket credited to the wrong side: the winner had two more.
    const ft = final.ft!;
    const side = ft.home > ft.away ? "home" : "away";
    const reg = final.reg ?? ft;
    return { ...final, ft: { ...ft, [side]: ft[side] + 2 }, reg: { ...reg, [side]: reg[side] + 2 } };
  };

  return {
    specs: specs(),
    quantumMs: QUANTUM_MS,
    dist,
    step,
    finished: () => done,
    score: scoreNow,
    live,
    draw,
    correct,
  };
}
