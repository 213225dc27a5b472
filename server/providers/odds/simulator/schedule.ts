import { createRng, seedOf, shuffled } from "./rng";
import { type SportProfile, sportProfile } from "./sports";

/**
 * What the simulator needs from the catalogue: championships with their sides and ratings (any scale; the
 * simulator reads them relative to the championship). The catalogue module is adapted to this by the wiring.
 */
export interface SimulatorChampionship {
  id: number;
  sportId: number;
  categoryId: number;
  name: string;
  participants: Array<{ name: string; rating: number }>;
}

export interface SimulatorCatalogue {
  championships(): SimulatorChampionship[];
}

export interface League {
  championship: SimulatorChampionship;
  profile: SportProfile;
  /** Each side's rating as a z-score within the championship. */
  strength: number[];
  /** Matches a day. */
  rate: number;
}

export interface Fixture {
  id: number;
  league: League;
  home: number;
  away: number;
  startsAt: number;
  top: boolean;
}

export interface OutrightFixture {
  id: number;
  league: League;
  startsAt: number;
}

export const DAY_MS = 86_400_000;
/** Outrights run over periods of four weeks and are decided at the end of one. */
export const OUTRIGHT_PERIOD_DAYS = 28;

/**
 * The rolling schedule: day by day, each championship plays a seeded number of matches between distinct pairs
 * of its sides, at quarter-hour start times in its sport's hours. A day's fixtures depend only on the seed, the
 * catalogue and the day, so the schedule is the same whenever and however often it is asked for.
 */
export class Schedule {
  readonly leagues: League[];
  private readonly outrightLeagues: League[];
  private readonly days = new Map<number, Fixture[]>();

  constructor(
    catalogue: SimulatorCatalogue,
    private readonly seed: number,
    opts: { eventsPerDay: number; topPerDay: number; maxOutrights: number },
  ) {
    this.topPerDay = opts.topPerDay;
    const leagues: League[] = [];
    for (const c of [...catalogue.championships()].sort((a, b) => a.id - b.id)) {
      if (c.participants.length < 2) continue;
      const profile = sportProfile(c.sportId, c.categoryId);
      const ratings = c.participants.map((p) => p.rating);
      const mean = ratings.reduce((s, r) => s + r, 0) / ratings.length;
      const sd = Math.sqrt(ratings.reduce((s, r) => s + (r - mean) ** 2, 0) / ratings.length);
      const strength = ratings.map((r) => (sd > 0 ? (r - mean) / sd : 0));
      leagues.push({
        championship: c,
        profile,
        strength,
        rate: c.participants.length / 2 / profile.restDays,
      });
    }
    // Share the day's budget by sport weight, never more than a championship can play.
    const weighted = leagues.reduce((s, l) => s + l.rate * l.profile.weight, 0);
    for (const l of leagues) {
      l.rate = Math.min(
        l.rate,
        weighted > 0 ? (opts.eventsPerDay * l.rate * l.profile.weight) / weighted : 0,
      );
    }
    this.leagues = leagues;
    this.outrightLeagues = leagues
      .filter((l) => l.profile.outrights && l.championship.participants.length >= 8)
      .sort(
        (a, b) =>
          b.profile.weight - a.profile.weight ||
          b.championship.participants.length - a.championship.participants.length ||
          a.championship.id - b.championship.id,
      )
      .slice(0, opts.maxOutrights)
      .sort((a, b) => a.championship.id - b.championship.id);
  }

  private readonly topPerDay: number;

  /** The fixtures of a UTC day (days since the epoch), ordered by start. */
  day(day: number): Fixture[] {
    const hit = this.days.get(day);
    if (hit) return hit;
    const rng = createRng(seedOf(this.seed, "day", day));
    const drafts: Array<Omit<Fixture, "id" | "top"> & { score: number }> = [];
    for (const league of this.leagues) {
      const n = league.championship.participants.length;
      const whole = Math.floor(league.rate);
      const count = Math.min(Math.floor(n / 2), whole + (rng() < league.rate - whole ? 1 : 0));
      if (count === 0) continue;
      const order = shuffled(
        rng,
        Array.from({ length: n }, (_, i) => i),
      );
      const [from, to] = league.profile.hours;
      for (let k = 0; k < count; k++) {
        const home = order[2 * k]!;
        const away = order[2 * k + 1]!;
        const quarter = Math.floor(rng() * ((to - from + 1) * 4));
        const startsAt = day * DAY_MS + (from * 60 + quarter * 15) * 60_000;
        const score = league.profile.weight + (league.strength[home]! + league.strength[away]!) / 2 + rng();
        drafts.push({ league, home, away, startsAt, score });
      }
    }
    drafts.sort(
      (a, b) =>
        a.startsAt - b.startsAt || a.league.championship.id - b.league.championship.id || a.home - b.home,
    );
    const top = new Set([...drafts].sort((a, b) => b.score - a.score).slice(0, this.topPerDay));
    const fixtures = drafts.slice(0, 9999).map((d, k) => ({
      id: day * 10_000 + k + 1,
      league: d.league,
      home: d.home,
      away: d.away,
      startsAt: d.startsAt,
      top: top.has(d),
    }));
    this.days.set(day, fixtures);
    // Only the days around now are asked for again.
    for (const k of this.days.keys()) if (k < day - 2) this.days.delete(k);
    return fixtures;
  }

  /**
   * With a fast clock, one extra match every `slotMs` of real time (slot = time / slotMs), in a main sport, so
   * some are always in play; like the days, it depends only on the seed and the slot.
   */
  quick(slot: number, slotMs: number): Fixture | undefined {
    const main = this.leagues.filter((l) => l.profile.weight >= 1);
    if (main.length === 0) return undefined;
    const rng = createRng(seedOf(this.seed, "quick", slot));
    const total = main.reduce((s, l) => s + l.profile.weight, 0);
    let u = rng() * total;
    let league = main[main.length - 1]!;
    for (const l of main) {
      if (u < l.profile.weight) {
        league = l;
        break;
      }
      u -= l.profile.weight;
    }
    const n = league.championship.participants.length;
    const home = Math.floor(rng() * n);
    const away = (home + 1 + Math.floor(rng() * (n - 1))) % n;
    // Ids stay within 32 bits, as every other id of the schedule (a database integer column holds them).
    return {
      id: 2_100_000_000 + (slot % 40_000_000),
      league,
      home,
      away,
      startsAt: slot * slotMs,
      top: false,
    };
  }

  /** The outrights decided at the end of a four-week period. */
  outrights(period: number): OutrightFixture[] {
    const startsAt = (period + 1) * OUTRIGHT_PERIOD_DAYS * DAY_MS + 20 * 3_600_000;
    return this.outrightLeagues.map((league, i) => ({
      id: 2_000_000_000 + period * 1000 + i,
      league,
      startsAt,
    }));
  }
}
