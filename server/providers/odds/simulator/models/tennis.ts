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
import {
  balancedLine,
  fromJoint,
  fromMap,
  type MatchInput,
  type MatchModel,
  ordinal,
  ratingGap,
} from "./model";

/**
 * Tennis point by point: each player wins a point on their own serve with a fixed probability (from the
 * ratings); games, tie-breaks, sets and the match follow exactly, by recursion over the score. Live prices come
 * from the same recursion started at the current point.
 */
export interface TennisConfig {
  model: "tennis";
  /** Sets to win the match: 2 (best of 3) or 3 (best of 5). */
  setsToWin: number;
  /** P(the server wins a point) between equals. */
  serveBase: number;
  /** Its change per unit of rating difference (half to each side). */
  serveScale: number;
}

const QUANTUM_MS = 40_000;

/** P(the server wins the game) from points (server, receiver). */
export function gameFrom(p: number, a: number, b: number): number {
  if (a >= 4 && a - b >= 2) return 1;
  if (b >= 4 && b - a >= 2) return 0;
  if (a >= 3 && b >= 3) {
    const q = 1 - p;
    const deuce = (p * p) / (p * p + q * q);
    if (a === b) return deuce;
    return a > b ? p + q * deuce : p * deuce;
  }
  return p * gameFrom(p, a + 1, b) + (1 - p) * gameFrom(p, a, b + 1);
}

/** Who serves point n (0-based) of a tie-break: the first server, then two each. */
export function tieBreakServerIsFirst(n: number): boolean {
  return Math.floor((n + 1) / 2) % 2 === 0;
}

interface State {
  sets: [number, number];
  games: [number, number];
  points: [number, number];
  homeServes: boolean;
  tieBreak: boolean;
  tbFirstHome: boolean;
  setScores: Array<[number, number]>;
  totalGames: number;
  done: boolean;
}

export function tennisMatch(cfg: TennisConfig, input: MatchInput): MatchModel {
  const dz = ratingGap(input);
  const clamp = (p: number) => Math.max(0.45, Math.min(0.8, p));
  const pA = clamp(cfg.serveBase + (cfg.serveScale * dz) / 2);
  const pB = clamp(cfg.serveBase - (cfg.serveScale * dz) / 2);
  const need = cfg.setsToWin;
  const holdA = gameFrom(pA, 0, 0);
  const holdB = gameFrom(pB, 0, 0);
  const finals: Array<[number, number]> = [];
  for (let l = 0; l < need; l++) finals.push([need, l]);
  for (let l = need - 1; l >= 0; l--) finals.push([l, need]);
  const finalIndex = (h: number, a: number) => finals.findIndex(([x, y]) => x === h && y === a);
  const R = finals.length;
  // Games still to come: at most 13 a set.
  const GAMES_CAP = (2 * need - 1) * 13 + 2;

  /** P(home wins the tie-break) from points (home, away). */
  const tbMemo = new Map<string, number>();
  const tieBreak = (a: number, b: number, firstHome: boolean): number => {
    if (a >= 7 && a - b >= 2) return 1;
    if (b >= 7 && b - a >= 2) return 0;
    if (a === b && a >= 6) {
      const win = pA * (1 - pB);
      const lose = (1 - pA) * pB;
      return win / (win + lose);
    }
    const key = `${a}-${b}-${firstHome}`;
    const hit = tbMemo.get(key);
    if (hit !== undefined) return hit;
    const homeServes = tieBreakServerIsFirst(a + b) === firstHome;
    const p = homeServes ? pA : 1 - pB;
    const v = p * tieBreak(a + 1, b, firstHome) + (1 - p) * tieBreak(a, b + 1, firstHome);
    tbMemo.set(key, v);
    return v;
  };

  // Two levels, so a price costs microseconds: a set as a distribution of (winner, games still to come in it),
  // then the match over sets. Who serves first in the next set follows from the parity of the set's games.
  const SET_CAP = 14;
  const setWon = (x: number, y: number) => (x >= 6 && x - y >= 2) || x === 7;
  const setMemo = new Map<number, Float64Array>();
  /** Over [winner (0 home, 1 away)][games to come] from a game score with `homeServes` to serve next. */
  const setFrom = (gH: number, gA: number, homeServes: boolean): Float64Array => {
    const key = (gH * 8 + gA) * 2 + (homeServes ? 1 : 0);
    const hit = setMemo.get(key);
    if (hit) return hit;
    const p = gH === 6 && gA === 6 ? tieBreak(0, 0, homeServes) : homeServes ? holdA : 1 - holdB;
    const out = setAfterGame(p, gH, gA, homeServes);
    setMemo.set(key, out);
    return out;
  };
  /** The set from a game in progress that home wins with p. */
  const setAfterGame = (p: number, gH: number, gA: number, homeServes: boolean): Float64Array => {
    const out = new Float64Array(2 * SET_CAP);
    const branch = (h: number, a: number, w: number) => {
      if (setWon(h, a)) out[1]! += w;
      else if (setWon(a, h)) out[SET_CAP + 1]! += w;
      else {
        const rest = setFrom(h, a, !homeServes);
        for (let g = 0; g + 1 < SET_CAP; g++) {
          out[g + 1]! += w * rest[g]!;
          out[SET_CAP + g + 1]! += w * rest[SET_CAP + g]!;
        }
      }
    };
    branch(gH + 1, gA, p);
    branch(gH, gA + 1, 1 - p);
    return out;
  };

  const matchMemo = new Map<number, Float64Array>();
  /** Over [final set score][games to come] from the start of a set. */
  const matchFrom = (sH: number, sA: number, firstHome: boolean): Float64Array => {
    const key = (sH * 4 + sA) * 2 + (firstHome ? 1 : 0);
    const hit = matchMemo.get(key);
    if (hit) return hit;
    const out = new Float64Array(R * GAMES_CAP);
    if (sH === need || sA === need) out[finalIndex(sH, sA) * GAMES_CAP] = 1;
    else addSets(out, setFrom(0, 0, firstHome), sH, sA, firstHome, 0);
    matchMemo.set(key, out);
    return out;
  };
  /** Adds the rest of the match after a set with distribution `set` that began with `firstHome` serving. */
  const addSets = (
    out: Float64Array,
    set: Float64Array,
    sH: number,
    sA: number,
    firstHome: boolean,
    playedInSet: number,
  ) => {
    for (let w = 0; w < 2; w++) {
      for (let g = 0; g < SET_CAP; g++) {
        const pr = set[w * SET_CAP + g]!;
        if (pr === 0) continue;
        const inSet = playedInSet + g;
        const nextFirst = inSet % 2 === 0 ? firstHome : !firstHome;
        const rest = w === 0 ? matchFrom(sH + 1, sA, nextFirst) : matchFrom(sH, sA + 1, nextFirst);
        for (let r = 0; r < R; r++) {
          for (let k = 0; k + g < GAMES_CAP; k++)
            out[r * GAMES_CAP + k + g]! += pr * rest[r * GAMES_CAP + k]!;
        }
      }
    }
  };

  const s = freshState();
  let q = 0;

  const distNow = (): ScopeDist => {
    if (s.done) {
      return fromParts(new Map([[`${s.sets[0]}-${s.sets[1]}`, 1]]), new Map([[s.totalGames, 1]]));
    }
    const [gH, gA] = s.games;
    const playedInSet = gH + gA;
    const firstHome = playedInSet % 2 === 0 ? s.homeServes : !s.homeServes;
    let set: Float64Array;
    if (s.points[0] === 0 && s.points[1] === 0 && !s.tieBreak) set = setFrom(gH, gA, s.homeServes);
    else {
      // The game (or tie-break) in progress, from its current points.
      const p = s.tieBreak
        ? tieBreak(s.points[0], s.points[1], s.tbFirstHome)
        : s.homeServes
          ? gameFrom(pA, s.points[0], s.points[1])
          : 1 - gameFrom(pB, s.points[1], s.points[0]);
      set = setAfterGame(p, gH, gA, s.homeServes);
    }
    const arr = new Float64Array(R * GAMES_CAP);
    addSets(arr, set, s.sets[0], s.sets[1], firstHome, playedInSet);
    const sets = new Map<string, number>();
    const games = new Map<number, number>();
    for (let r = 0; r < R; r++) {
      for (let g = 0; g < GAMES_CAP; g++) {
        const p = arr[r * GAMES_CAP + g]!;
        if (p === 0) continue;
        const [h, a] = finals[r]!;
        sets.set(`${h}-${a}`, (sets.get(`${h}-${a}`) ?? 0) + p);
        games.set(s.totalGames + g, (games.get(s.totalGames + g) ?? 0) + p);
      }
    }
    return fromParts(sets, games);
  };

  const computeDist = (_scope: Scope): ScopeDist => distNow();

  const cachedDist = scopeDistCache(computeDist);
  const dist = cachedDist.dist;

  const naming = { ...input.naming, unit: "games" };
  const specs = (): MarketSpec[] => {
    const d = dist("ft");
    const favourite = d.diff.x.reduce((m, x, i) => m + x * d.diff.p[i]!, 0) >= 0;
    const out: MarketSpec[] = [makeSpec("ml", "ft", naming, { title: "Match winner" })];
    const setLines = need === 2 ? [1.5] : [1.5, 2.5];
    for (const l of setLines) {
      const line = favourite ? -l : l;
      out.push(
        makeSpec("ah", "ft", naming, {
          line,
          idBase: "sets",
          title: `Set handicap ${line > 0 ? "+" : ""}${line}`,
        }),
      );
    }
    const T = balancedLine(d.total, 1, 0.5);
    for (const line of [T - 2, T, T + 2])
      out.push(makeSpec("total", "ft", naming, { line, idBase: "games" }));
    out.push(makeSpec("cs", "ft", naming, { scores: finals, title: "Correct score (sets)" }));
    return out;
  };

  const point = (rng: Rng): boolean => {
    cachedDist.clear();
    if (s.done) return false;
    q++;
    return playPoint(s, pA, pB, need, rng);
  };

  const scoreNow = (): FinalScore => ({ ft: { home: s.sets[0], away: s.sets[1], total: s.totalGames } });

  const live = (): LiveState => {
    const setNo = Math.min(s.sets[0] + s.sets[1] + 1, 2 * need - 1);
    const played = s.setScores.map(([h, a]) => `${h}-${a}`);
    if (!s.done) {
      const pts = s.tieBreak ? `${s.points[0]}-${s.points[1]}` : gamePoints(s.points[0], s.points[1]);
      played.push(`${s.games[0]}-${s.games[1]} (${pts})`);
    }
    return {
      clock: s.done ? "Ended" : `Set ${setNo}`,
      elapsed: Math.round(((q * QUANTUM_MS) / 60_000) * 100) / 100,
      period: s.done ? "Ended" : `${ordinal(setNo)} set`,
      score: [s.sets[0], s.sets[1]],
      detail: played.join(", "),
    };
  };

  const draw = (rng: Rng): FinalScore => {
    const d = freshState();
    while (!d.done) playPoint(d, pA, pB, need, rng);
    return { ft: { home: d.sets[0], away: d.sets[1], total: d.totalGames } };
  };

  const correct = (final: FinalScore): FinalScore => ({
    // A game miscounted in the official score.
    ft: { ...final.ft!, total: (final.ft!.total ?? 0) + 1 },
  });

  return {
    specs: specs(),
    quantumMs: QUANTUM_MS,
    dist,
    step: point,
    finished: () => s.done,
    score: scoreNow,
    live,
    draw,
    correct,
  };
}

/** Plays one point; true when it ended a set. */
function playPoint(s: State, pA: number, pB: number, need: number, rng: Rng): boolean {
  if (s.done) return false;
  const serverHome = s.tieBreak
    ? tieBreakServerIsFirst(s.points[0] + s.points[1]) === s.tbFirstHome
    : s.homeServes;
  const pHome = serverHome ? pA : 1 - pB;
  s.points[rng() < pHome ? 0 : 1]++;
  const [a, b] = s.points;
  const target = s.tieBreak ? 7 : 4;
  const won: 0 | 1 | undefined = a >= target && a - b >= 2 ? 0 : b >= target && b - a >= 2 ? 1 : undefined;
  if (won === undefined) return false;
  s.points = [0, 0];
  s.games[won]++;
  s.totalGames++;
  const nextServerHome = s.tieBreak ? !s.tbFirstHome : !s.homeServes;
  const [gH, gA] = s.games;
  const setTo = (x: number, y: number) => (x >= 6 && x - y >= 2) || x === 7;
  const setWinner: 0 | 1 | undefined = setTo(gH, gA) ? 0 : setTo(gA, gH) ? 1 : undefined;
  s.homeServes = nextServerHome;
  s.tieBreak = false;
  if (setWinner === undefined) {
    if (gH === 6 && gA === 6) {
      s.tieBreak = true;
      s.tbFirstHome = nextServerHome;
    }
    return false;
  }
  s.sets[setWinner]++;
  s.setScores.push([gH, gA]);
  s.games = [0, 0];
  if (s.sets[setWinner] === need) s.done = true;
  return true;
}

function freshState(): State {
  return {
    sets: [0, 0],
    games: [0, 0],
    points: [0, 0],
    homeServes: true,
    tieBreak: false,
    tbFirstHome: true,
    setScores: [],
    totalGames: 0,
    done: false,
  };
}

function gamePoints(a: number, b: number): string {
  const names = ["0", "15", "30", "40"];
  if (a >= 3 && b >= 3) return a === b ? "40-40" : a > b ? "A-40" : "40-A";
  return `${names[a] ?? "40"}-${names[b] ?? "40"}`;
}

function fromParts(sets: Map<string, number>, games: Map<number, number>): ScopeDist {
  const joint: Points = { x: [], y: [], p: [] };
  for (const [k, p] of sets) {
    const [h, a] = k.split("-").map(Number) as [number, number];
    joint.x.push(h);
    joint.y!.push(a);
    joint.p.push(p);
  }
  const d = fromJoint(joint);
  return { joint, diff: d.diff, total: fromMap(games) };
}
