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
import type { Rng } from "../rng";
import { fromJoint, type MatchInput, type MatchModel, normalCdf, ordinal, ratingGap } from "./model";

/**
 * A best-of-N series of units (e-sports maps, volleyball sets, table tennis games): each unit is won with a
 * fixed probability from the ratings, independently; the series distribution follows exactly.
 */
export interface BestOfConfig {
  model: "bestOf";
  /** Units to win: 2 in a best of 3, 3 in a best of 5. */
  toWin: number;
  /** "maps", "sets", "games": what the totals count. */
  unit: string;
  /** "Map", "Set", "Game": what the clock shows. */
  unitName: string;
  /** Average length of a unit incl. the pause after it, in minutes. */
  unitMinutes: number;
  /** Probit of the unit win probability per unit of rating difference. */
  ratingScale: number;
  homeAdvantage: number;
}

const QUANTUM_MS = 60_000;

export function bestOfMatch(cfg: BestOfConfig, input: MatchInput): MatchModel {
  const dz = ratingGap(input);
  const p = normalCdf(cfg.homeAdvantage + cfg.ratingScale * dz);
  const n = cfg.toWin;
  const won: [number, number] = [0, 0];
  const history: Array<0 | 1> = [];
  let q = 0;
  /** Game minute the current unit ends at; drawn when it starts. */
  let unitEnds = -1;

  const finalsFrom = (h: number, a: number): Map<string, number> => {
    const out = new Map<string, number>();
    const walk = (x: number, y: number, pr: number) => {
      if (x === n || y === n) {
        out.set(`${x}-${y}`, (out.get(`${x}-${y}`) ?? 0) + pr);
        return;
      }
      walk(x + 1, y, pr * p);
      walk(x, y + 1, pr * (1 - p));
    };
    walk(h, a, 1);
    return out;
  };

  const computeDist = (_scope: Scope): ScopeDist => {
    const joint: Points = { x: [], y: [], p: [] };
    for (const [k, pr] of finalsFrom(won[0], won[1])) {
      const [h, a] = k.split("-").map(Number) as [number, number];
      joint.x.push(h);
      joint.y!.push(a);
      joint.p.push(pr);
    }
    return fromJoint(joint);
  };

  const cachedDist = scopeDistCache(computeDist);
  const dist = cachedDist.dist;

  const naming = { ...input.naming, unit: cfg.unit };
  const all: Array<[number, number]> = [];
  for (let l = 0; l < n; l++) all.push([n, l]);
  for (let l = n - 1; l >= 0; l--) all.push([l, n]);
  const specs = (): MarketSpec[] => {
    const out: MarketSpec[] = [makeSpec("ml", "ft", naming, { title: "Winner" })];
    const fav = p >= 0.5;
    for (let l = 1.5; l < n; l += 1) {
      const line = fav ? -l : l;
      out.push(
        makeSpec("ah", "ft", naming, {
          line,
          idBase: `${cfg.unit}_hcp`,
          title: `${cfg.unitName} handicap ${line > 0 ? "+" : ""}${line}`,
        }),
      );
    }
    for (let line = n + 0.5; line < 2 * n - 1; line += 1) {
      out.push(makeSpec("total", "ft", naming, { line, idBase: `${cfg.unit}_total` }));
    }
    out.push(makeSpec("cs", "ft", naming, { scores: all, title: `Correct score (${cfg.unit})` }));
    return out;
  };

  const step = (rng: Rng): boolean => {
    cachedDist.clear();
    if (won[0] === n || won[1] === n) return false;
    q++;
    if (unitEnds < 0) unitEnds = cfg.unitMinutes * (0.75 + 0.5 * rng());
    if (q < unitEnds) return false;
    const w = rng() < p ? 0 : 1;
    won[w]++;
    history.push(w);
    unitEnds = q + cfg.unitMinutes * (0.75 + 0.5 * rng());
    return true;
  };

  const finished = () => won[0] === n || won[1] === n;

  const live = (): LiveState => {
    const k = Math.min(won[0] + won[1] + 1, 2 * n - 1);
    return {
      clock: finished() ? "Ended" : `${cfg.unitName} ${k}`,
      elapsed: q,
      period: finished() ? "Ended" : `${ordinal(k)} ${cfg.unitName.toLowerCase()}`,
      score: [won[0], won[1]],
    };
  };

  const draw = (rng: Rng): FinalScore => {
    let h = 0;
    let a = 0;
    while (h < n && a < n) rng() < p ? h++ : a++;
    return { ft: { home: h, away: a } };
  };

  const correct = (final: FinalScore): FinalScore => {
    // The loser's unit count was wrong: a unit more when it had none, one fewer otherwise.
    const f = final.ft!;
    const loser = f.home > f.away ? "away" : "home";
    return { ft: { ...f, [loser]: f[loser] === 0 ? 1 : f[loser] - 1 } };
  };

  return {
    specs: specs(),
    quantumMs: QUANTUM_MS,
    dist,
    step,
    finished,
    score: () => ({ ft: { home: won[0], away: won[1] } }),
    live,
    draw,
    correct,
  };
}
