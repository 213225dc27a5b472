import type { LocalisedName, Participant } from "./types";

/**
 * Deterministic builders of participant lists: the same catalogue source gives the same names and ratings on
 * every machine, so event ids the feed derives from them stay put. Ratings are on one Elo-like scale for every
 * sport (1500 an average side, 200 points ≈ 3:1 favourite); the feed turns a difference into prices.
 */

/** FNV-1a: a stable number from a text. */
export function hash(text: string): number {
  let h = 2166136261;
  for (const ch of text) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  return h >>> 0;
}

/** Ratings from `top` for the first name down to `bottom` for the last, with a stable jitter of ±20. */
export function rated(names: readonly string[], top: number, bottom: number, seed: string): Participant[] {
  const n = names.length;
  return names.map((name, i) => {
    const jitter = (hash(`${seed}:${name}`) % 41) - 20;
    const base = n === 1 ? top : top - ((top - bottom) * i) / (n - 1);
    return { name, rating: Math.round(base + jitter) };
  });
}

/** `count` names from `patterns` ("{c} Mariners"), one a city, patterns taken in turn from a seeded start. */
export function clubs(cities: readonly string[], patterns: readonly string[], seed: string): string[] {
  const start = hash(seed) % patterns.length;
  return cities.map((city, i) => patterns[(start + i) % patterns.length]!.replace("{c}", city));
}

const MEN = [
  "Lucas",
  "Mateo",
  "Noah",
  "Leon",
  "Hugo",
  "Luca",
  "Elias",
  "Oliver",
  "Adam",
  "Jonas",
  "Marco",
  "Tomas",
  "Daniel",
  "Pablo",
  "Ivan",
  "Nikita",
  "Rafael",
  "Andre",
  "Felix",
  "Emil",
  "Jakub",
  "Kenji",
  "Arjun",
  "Omar",
  "Stefan",
  "Viktor",
  "Diego",
  "Bruno",
  "Samuel",
  "Milan",
  "Tobias",
  "Henrik",
  "Alexei",
  "Marius",
  "Yusuf",
  "Karim",
  "Ethan",
  "Liam",
  "Owen",
  "Ryan",
  "Gabriel",
  "Thiago",
  "Martin",
  "Filip",
  "Dmitri",
  "Sven",
  "Aleksa",
  "Nico",
  "Jan",
  "Rohan",
];
const WOMEN = [
  "Emma",
  "Mia",
  "Sofia",
  "Olivia",
  "Lena",
  "Clara",
  "Elena",
  "Anna",
  "Chloe",
  "Julia",
  "Maria",
  "Ines",
  "Nora",
  "Alice",
  "Hana",
  "Yuki",
  "Priya",
  "Laura",
  "Sara",
  "Camila",
  "Valentina",
  "Eva",
  "Ava",
  "Zoe",
  "Irina",
  "Daria",
  "Marta",
  "Lucia",
  "Ingrid",
  "Freya",
  "Amelie",
  "Leonie",
  "Beatriz",
  "Carla",
  "Noemi",
  "Petra",
  "Katya",
  "Mei",
  "Aiko",
  "Ana",
  "Lea",
  "Iris",
  "Naomi",
  "Greta",
  "Alina",
  "Ruby",
  "Isla",
  "Maya",
  "Vera",
  "Tara",
];
const SURNAMES = [
  "Moreau",
  "Novak",
  "Rossi",
  "Silva",
  "Kowalski",
  "Jensen",
  "Petrov",
  "Fischer",
  "Lindqvist",
  "Tanaka",
  "Garcia",
  "Keller",
  "Dubois",
  "Horvat",
  "Costa",
  "Berg",
  "Ivanov",
  "Marin",
  "Weber",
  "Santos",
  "Nakamura",
  "Popescu",
  "Varga",
  "Kovac",
  "Larsen",
  "Meyer",
  "Romero",
  "Haas",
  "Sato",
  "Lopez",
  "Mendes",
  "Nielsen",
  "Volkov",
  "Bauer",
  "Ferrari",
  "Wagner",
  "Svensson",
  "Navarro",
  "Kaya",
  "Demir",
  "Sharma",
  "Patel",
  "Mori",
  "Ortega",
  "Brandt",
  "Laine",
  "Virtanen",
  "Dvorak",
  "Kral",
  "Hansen",
  "Lund",
  "Sousa",
  "Pereira",
  "Fontaine",
  "Mercier",
  "Conti",
  "Greco",
  "Ricci",
  "Vidal",
  "Castro",
  "Herrera",
  "Baker",
  "Fletcher",
  "Hughes",
  "Walsh",
  "Doyle",
  "Murphy",
  "Quinn",
  "Sokolov",
  "Orlov",
  "Yilmaz",
  "Celik",
  "Kim",
  "Park",
  "Chen",
  "Wang",
  "Okafor",
  "Mensah",
  "Diallo",
  "Haddad",
];

/** `count` distinct people's names ("Lucas Moreau"), a different mix for each seed. */
export function people(count: number, seed: string, gender: "men" | "women" = "men"): string[] {
  const first = gender === "men" ? MEN : WOMEN;
  const out = new Set<string>();
  let i = hash(seed);
  while (out.size < count) {
    out.add(`${first[i % first.length]} ${SURNAMES[Math.floor(i / first.length) % SURNAMES.length]}`);
    i = (Math.imul(i, 1664525) + 1013904223) >>> 0;
  }
  return [...out];
}

const HORSE_FIRST = [
  "Silver",
  "Northern",
  "Golden",
  "Midnight",
  "Harbour",
  "Royal",
  "Wild",
  "Copper",
  "Crimson",
  "Velvet",
  "Storm",
  "Lucky",
  "Misty",
  "Iron",
  "Amber",
  "Desert",
  "Coral",
  "Winter",
  "Summer",
  "Blue",
];
const HORSE_SECOND = [
  "Gale",
  "Arrow",
  "Comet",
  "Dancer",
  "Tide",
  "Legend",
  "Spirit",
  "Whisper",
  "Echo",
  "Flame",
  "Harbour",
  "Meadow",
  "Rocket",
  "Sovereign",
  "Promise",
  "Voyage",
  "Lantern",
  "Breeze",
  "Charm",
  "Thunder",
];

/** `count` distinct racing names ("Silver Gale") for horses and greyhounds. */
export function runners(count: number, seed: string): string[] {
  const out = new Set<string>();
  let i = hash(seed);
  while (out.size < count) {
    const a = HORSE_FIRST[i % HORSE_FIRST.length]!;
    const b = HORSE_SECOND[Math.floor(i / HORSE_FIRST.length) % HORSE_SECOND.length]!;
    if (a !== b) out.add(`${a} ${b}`);
    i = (Math.imul(i, 1664525) + 1013904223) >>> 0;
  }
  return [...out];
}

const SQUAD_FIRST = [
  "Nova",
  "Iron",
  "Red",
  "Polar",
  "Night",
  "Static",
  "Vortex",
  "Crimson",
  "Silent",
  "Apex",
  "Lunar",
  "Neon",
  "Rogue",
  "Frost",
  "Solar",
  "Phantom",
  "Arc",
  "Titan",
  "Cobalt",
  "Ember",
  "Pulse",
  "Onyx",
  "Zenith",
  "Havoc",
];
const SQUAD_SECOND = [
  "Five",
  "Kraken",
  "Storm",
  "Owls",
  "Shock",
  "Legion",
  "Wolves",
  "Vipers",
  "Reign",
  "Pulse",
  "Raptors",
  "Circuit",
  "Syndicate",
  "Foxes",
  "Giants",
  "Order",
  "Unit",
  "Dragons",
  "Hydra",
  "Collective",
];

/** `count` distinct invented e-sports team names ("Nova Five"). */
export function squads(count: number, seed: string): string[] {
  const out = new Set<string>();
  let i = hash(seed);
  while (out.size < count) {
    out.add(
      `${SQUAD_FIRST[i % SQUAD_FIRST.length]} ${SQUAD_SECOND[Math.floor(i / SQUAD_FIRST.length) % SQUAD_SECOND.length]}`,
    );
    i = (Math.imul(i, 1664525) + 1013904223) >>> 0;
  }
  return [...out];
}

/** The same text in every locale (titles of games, names that are not translated). */
export const same = (text: string): LocalisedName => ({ en: text, ru: text, "pt-br": text });
