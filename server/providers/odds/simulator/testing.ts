import type { Clock } from "../../../lib/clock";
import type { SimulatorCatalogue, SimulatorChampionship } from "./schedule";

/** A clock a test moves by hand. */
export function manualClock(
  start: Date | string,
): Clock & { advance(ms: number): void; set(at: Date | string): void } {
  let t = new Date(start).getTime();
  return {
    now: () => new Date(t),
    advance(ms) {
      t += ms;
    },
    set(at) {
      t = new Date(at).getTime();
    },
  };
}

/** A small catalogue: `leagues` championships per sport, `size` sides each, ratings spread like Elo. */
export function testCatalogue(sports: number[], leagues = 2, size = 12): SimulatorCatalogue {
  const list: SimulatorChampionship[] = [];
  for (const sportId of sports) {
    for (let l = 0; l < leagues; l++) {
      const id = sportId * 100 + l;
      list.push({
        id,
        sportId,
        categoryId: sportId * 10 + l,
        name: `League ${id}`,
        participants: Array.from({ length: size }, (_, i) => ({
          name: `Team ${id}-${i}`,
          rating: 1800 - i * 25 - l * 40,
        })),
      });
    }
  }
  return { championships: () => list };
}
