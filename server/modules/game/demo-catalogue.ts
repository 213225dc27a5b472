/**
 * The demo lobby: the built-in studio's house games, which really play, and twelve made-up studios whose titles
 * launch those same house games under their own name and art (marked `isDemoContent`). Deterministic: the seed
 * and scripts/generate-game-art.ts both build it from here, so art and rows always match.
 */

import type { HouseEngine } from "#common/house-games";
import {
  BACCARAT_RTP_PERCENT,
  BLACKJACK_RTP_PERCENT,
  KENO_RTP_PERCENT,
  SLOT_RTP_PERCENT,
  VIDEO_POKER_RTP_PERCENT,
} from "#common/house-games";
import { slugify } from "#common/slug";

export interface DemoProvider {
  identity: string;
  name: string;
  isBuiltIn: boolean;
  /** Two colours of its art. */
  palette: [string, string];
}

export interface DemoGame {
  slug: string;
  name: string;
  provider: string;
  engine: HouseEngine;
  features: string[];
  rtp: string;
  volatility: "low" | "medium" | "high";
  hasDemo: boolean;
  countries: string[] | null;
  restrictedCountries: string[];
  currencies: string[] | null;
  popularity: number;
  /** Days before the seed's reference date. */
  ageDays: number;
  isDemoContent: boolean;
  description: string;
}

export interface DemoCollection {
  identity: string;
  /** Only with the demo data: a collection of made-up titles, or one for a market an operator picks. */
  isDemoContent: boolean;
  name: string;
  isHidden: boolean;
  countries: string[] | null;
  games: (g: DemoGame, index: number) => boolean;
}

export const BUILT_IN_PROVIDER = "lucky-harbor";

export const DEMO_PROVIDERS: DemoProvider[] = [
  {
    identity: BUILT_IN_PROVIDER,
    name: "Lucky Harbor Originals",
    isBuiltIn: true,
    palette: ["#0f766e", "#f59e0b"],
  },
  { identity: "northwind-play", name: "Northwind Play", isBuiltIn: false, palette: ["#1e3a8a", "#38bdf8"] },
  { identity: "aurora-gaming", name: "Aurora Gaming", isBuiltIn: false, palette: ["#4c1d95", "#22d3ee"] },
  { identity: "red-lantern", name: "Red Lantern Studios", isBuiltIn: false, palette: ["#7f1d1d", "#fbbf24"] },
  { identity: "pixel-pirates", name: "Pixel Pirates", isBuiltIn: false, palette: ["#0c4a6e", "#f97316"] },
  { identity: "golden-reel", name: "Golden Reel Works", isBuiltIn: false, palette: ["#713f12", "#fde047"] },
  { identity: "nebula-spin", name: "Nebula Spin", isBuiltIn: false, palette: ["#1e1b4b", "#e879f9"] },
  { identity: "jungle-forge", name: "Jungle Forge", isBuiltIn: false, palette: ["#14532d", "#a3e635"] },
  { identity: "crystal-peak", name: "Crystal Peak Games", isBuiltIn: false, palette: ["#164e63", "#a5f3fc"] },
  { identity: "velvet-moon", name: "Velvet Moon", isBuiltIn: false, palette: ["#500724", "#f9a8d4"] },
  {
    identity: "thunder-bay",
    name: "Thunder Bay Interactive",
    isBuiltIn: false,
    palette: ["#1f2937", "#facc15"],
  },
  { identity: "samba-slots", name: "Samba Slots", isBuiltIn: false, palette: ["#065f46", "#fb7185"] },
  { identity: "frostbyte", name: "Frostbyte Games", isBuiltIn: false, palette: ["#0f172a", "#93c5fd"] },
];

/** The engine's own figures: a skin changes the look, never the maths. */
const ENGINE_FACTS: Record<
  HouseEngine,
  { rtp: string; volatility: DemoGame["volatility"]; features: string[] }
> = {
  slot: { rtp: SLOT_RTP_PERCENT.toFixed(2), volatility: "medium", features: ["slots", "paylines"] },
  dice: { rtp: "99.00", volatility: "low", features: ["instant-win", "dice"] },
  limbo: { rtp: "99.00", volatility: "high", features: ["instant-win", "crash"] },
  mines: { rtp: "99.00", volatility: "medium", features: ["instant-win", "mines"] },
  plinko: { rtp: "99.00", volatility: "high", features: ["instant-win", "plinko"] },
  // Basic strategy's return per first stake (decision 0030); a player who strays from it gets less.
  blackjack: {
    rtp: BLACKJACK_RTP_PERCENT.toFixed(2),
    volatility: "low",
    features: ["table-games", "blackjack"],
  },
  // Hilo: every guess returns 99% (common/house-games/hilo.ts). Video poker: 99.54% with perfect play.
  hilo: { rtp: "99.00", volatility: "medium", features: ["instant-win", "cards", "hilo"] },
  videopoker: {
    rtp: VIDEO_POKER_RTP_PERCENT.toFixed(2),
    volatility: "low",
    features: ["table-games", "cards", "video-poker"],
  },
  // The banker bet's return (the best of the three; player 98.77 %, tie 85.88 %), infinite shoe.
  baccarat: {
    rtp: BACCARAT_RTP_PERCENT.banker.toFixed(2),
    volatility: "low",
    features: ["table-games", "baccarat"],
  },
  // The lowest of its 40 paytables (each 98.90–99.00 %).
  keno: { rtp: KENO_RTP_PERCENT.toFixed(2), volatility: "high", features: ["instant-win", "keno"] },
  // 36/37 on every bet of the table (common/house-games/roulette.ts).
  roulette: { rtp: "97.30", volatility: "medium", features: ["table-games", "roulette"] },
  wheel: { rtp: "99.00", volatility: "medium", features: ["instant-win", "wheel"] },
  // Any cash-out multiplier returns 99% (common/house-games/crash.ts); one round for every player.
  crash: { rtp: "99.00", volatility: "high", features: ["crash", "multiplayer"] },
};

const ORIGINALS: { name: string; engine: HouseEngine; description: string }[] = [
  {
    name: "Harbor Fortune",
    engine: "slot",
    description: "Five reels, ten lines, wilds that stand in for any symbol.",
  },
  { name: "Harbor Dice", engine: "dice", description: "Pick a number, roll under or over it." },
  {
    name: "Lighthouse Limbo",
    engine: "limbo",
    description: "Name a multiplier and hope the beam climbs past it.",
  },
  {
    name: "Reef Mines",
    engine: "mines",
    description: "Open tiles for a growing multiplier; avoid the mines.",
  },
  {
    name: "Plinko Tide",
    engine: "plinko",
    description: "Drop the ball through the pegs into a multiplier bucket.",
  },
  {
    name: "Harbor Blackjack",
    engine: "blackjack",
    description: "Six decks, 3:2 blackjack, dealer stands on soft 17; split, double and insurance.",
  },
  {
    name: "Harbor Hi-Lo",
    engine: "hilo",
    description: "Call the next card higher or lower; cash out whenever you like.",
  },
  {
    name: "Harbor Jacks or Better",
    engine: "videopoker",
    description: "Full-pay 9/6 video poker: hold, draw, and chase the royal flush.",
  },
];

/** Originals added later: listed after the studios' titles so the earlier titles keep their places. */
const LATER_ORIGINALS: { name: string; engine: HouseEngine; description: string }[] = [
  {
    name: "Harbor Baccarat",
    engine: "baccarat",
    description: "Punto banco: back the player, the banker or a tie; two hands, third cards by the rules.",
  },
  {
    name: "Tide Keno",
    engine: "keno",
    description: "Pick up to ten of forty numbers; ten are drawn and every hit climbs the paytable.",
  },
  {
    name: "Harbor Roulette",
    engine: "roulette",
    description:
      "European roulette with a single zero: straights to six lines, dozens, columns and even chances on one board.",
  },
  {
    name: "Helm Wheel",
    engine: "wheel",
    description:
      "Spin the ship's wheel: pick 10 to 50 segments and a risk, win the multiplier under the pointer.",
  },
  {
    name: "Harbor Rocket",
    engine: "crash",
    description:
      "One rocket for everyone: cash out before it crashes. Every round's point from a public hash chain.",
  },
];

/** The studios that now also skin baccarat or keno (studio index → engine), and their titles' names. */
const TABLE_SKINS: { studio: number; engine: "baccarat" | "keno"; name: string }[] = [
  { studio: 0, engine: "baccarat", name: "Baccarat Royale" },
  { studio: 1, engine: "keno", name: "Keno" },
  { studio: 3, engine: "baccarat", name: "Punto Banco" },
  { studio: 4, engine: "keno", name: "Keno Blast" },
  { studio: 6, engine: "baccarat", name: "Baccarat" },
  { studio: 7, engine: "keno", name: "Lucky Keno" },
  { studio: 9, engine: "baccarat", name: "Baccarat Squeeze" },
  { studio: 10, engine: "keno", name: "Space Keno" },
];

const THEMES = [
  ["Book of", ["Dead Kings", "the Nile", "Shadows", "Runes", "Sun Gods", "Embers"]],
  ["Gates of", ["Olympus Bay", "Valhalla", "Atlantis", "the Dragon", "Anubis"]],
  ["Legend of", ["the Kraken", "Jade Tiger", "Cleopatra", "Robin Wood", "Sky Temple"]],
  ["Rise of", ["the Phoenix", "Merlin Oak", "Giza", "the Titans", "Samurai"]],
  ["Sweet", ["Candy Storm", "Sugar Rush", "Bonanza", "Fruit Parade", "Honey Hive"]],
  ["Wild", ["West Gold", "Buffalo Run", "Wolf Moon", "Safari", "Tiki Torch"]],
  ["Fire", ["Joker", "Dragon", "Blaze 7s", "Phoenix", "Volcano"]],
  ["Lucky", ["Clover", "Koi", "Lanterns", "Horseshoe", "Panda"]],
  ["Mega", ["Diamonds", "Moolah Reef", "Gems", "Vault", "Cash Tower"]],
  ["Big", ["Bass Harbor", "Bamboo", "Catch", "Red Express", "Money Wheel"]],
  ["Starlight", ["Princess", "Voyage", "Riches", "Crown"]],
  ["Golden", ["Pharaoh", "Aztec Idol", "Dragon Pearl", "Galleon", "Ticket"]],
  ["Mystic", ["Wolf", "Orb", "Forest", "Mirror", "Fortune"]],
  ["Crystal", ["Caverns", "Queen", "Bells", "Sevens"]],
  ["Neon", ["Nights", "Racer", "Fruits", "Tokyo", "Arcade"]],
  ["Pirate", ["Gold", "Cove", "Treasure Map", "Parrot Pete"]],
  ["Viking", ["Raid", "Runes", "Longship", "Thunder"]],
  ["Aztec", ["Sun", "Jaguar", "Temple Cash"]],
  ["Frozen", ["Gems", "Yeti", "Aurora", "Tundra Riches"]],
  ["Samba", ["Carnival", "Rio Nights", "Beach Cash"]],
] as const;

const INSTANT_NAMES: Record<"dice" | "limbo" | "mines" | "plinko" | "roulette" | "wheel", string[]> = {
  dice: ["Dice", "Hi-Lo Dice", "Dice Duel", "Roll Royale"],
  limbo: ["Limbo", "Rocket Crash", "Sky High", "Moon Shot"],
  mines: ["Mines", "Gem Mines", "Minefield", "Treasure Grid"],
  plinko: ["Plinko", "Peg Drop", "Pachi Plinko", "Ball Cascade"],
  roulette: ["Roulette", "European Roulette", "Roulette Royale", "Zero Spin"],
  wheel: ["Wheel", "Fortune Wheel", "Money Wheel", "Prize Wheel"],
};

/** Table titles of the studios, over the built-in blackjack: every other studio has one. */
const BLACKJACK_NAMES = [
  "Blackjack",
  "Blackjack Classic",
  "21 Royale",
  "Vegas Blackjack",
  "Blackjack Pro",
  "Twenty-One",
];
/** The card games some studios ship as well: titles added after each studio's first 25, so those stay put. */
type CardEngine = "hilo" | "videopoker";
const CARD_TITLES: Record<CardEngine, string[]> = {
  hilo: ["Hi-Lo", "Higher or Lower", "Card Climb"],
  videopoker: ["Jacks or Better", "Video Poker", "Royal Draw"],
};
const ENGINE_LABELS: Record<HouseEngine, string> = {
  slot: "Harbor Fortune slot",
  dice: "dice",
  limbo: "limbo",
  mines: "mines",
  plinko: "plinko",
  blackjack: "blackjack",
  hilo: "hilo",
  videopoker: "Jacks or Better video poker",
  baccarat: "baccarat",
  keno: "keno",
  roulette: "European roulette",
  wheel: "wheel",
  crash: "multiplayer crash",
};

/**
 * Engines added after the first catalogue: every other studio has one more title on each (the studios take
 * turns: studio s gets the j-th engine when s + j is even). They come after a studio's first 25 titles and
 * draw from their own generator, so the titles that were there keep their slugs, art and figures.
 */
const LATER_INSTANT_ENGINES: ("roulette" | "wheel")[] = ["roulette", "wheel"];

/** A small deterministic generator, so the catalogue is the same on every machine and every start. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

function buildGames(): DemoGame[] {
  const out: DemoGame[] = [];
  const taken = new Set<string>();
  const add = (g: Omit<DemoGame, "slug" | "rtp" | "volatility" | "features"> & { extra?: string[] }) => {
    let slug = slugify(g.name);
    if (taken.has(slug)) slug = `${slug}-${g.provider}`;
    taken.add(slug);
    const facts = ENGINE_FACTS[g.engine];
    const { extra = [], ...rest } = g;
    out.push({
      ...rest,
      slug,
      rtp: facts.rtp,
      volatility: facts.volatility,
      features: [...new Set([...facts.features, "provably-fair", ...extra])],
    });
  };
  for (const [i, o] of ORIGINALS.entries()) {
    add({
      name: o.name,
      provider: BUILT_IN_PROVIDER,
      engine: o.engine,
      hasDemo: true,
      countries: null,
      restrictedCountries: [],
      currencies: null,
      popularity: 1000 - i,
      ageDays: 3 + i,
      isDemoContent: false,
      description: o.description,
      extra: ["originals"],
    });
  }
  const random = rng(20261124);
  const spins = rng(20261128);
  const slotNames = THEMES.flatMap(([prefix, nouns]) => nouns.map((n) => `${prefix} ${n}`));
  const studios = DEMO_PROVIDERS.filter((p) => !p.isBuiltIn);
  let slotIndex = 0;
  studios.forEach((studio, s) => {
    for (let k = 0; k < 25; k++) {
      const instant = k >= 21;
      const kind = instant ? (["dice", "limbo", "mines", "plinko"] as const)[k - 21]! : "slot";
      // The studios' "Rocket Crash" titles launch the multiplayer crash game; their other limbo titles, limbo.
      const engine: HouseEngine = kind === "limbo" && s % 4 === 1 ? "crash" : kind;
      let name: string;
      if (kind === "slot") {
        const base = slotNames[slotIndex % slotNames.length]!;
        const round = Math.floor(slotIndex / slotNames.length);
        name =
          round === 0
            ? base
            : `${base} ${["Deluxe", "Megaways", "Gold Edition", "Remastered"][round - 1] ?? round + 1}`;
        slotIndex++;
      } else {
        name = `${studio.name.split(" ")[0]} ${INSTANT_NAMES[kind][s % 4]}`;
      }
      const r = random();
      add({
        name,
        provider: studio.identity,
        engine,
        // A few titles have no demo mode, are for some countries only, or take some currencies only, so the
        // lobby's rules have something to act on.
        hasDemo: k % 11 !== 7,
        countries: k === 3 && s % 4 === 0 ? ["BR", "PT"] : null,
        restrictedCountries: k % 9 === 4 ? ["TR"] : [],
        currencies: k === 5 && s % 3 === 0 ? ["USD", "EUR"] : null,
        popularity: Math.floor(r * 900),
        ageDays: Math.floor(random() * 720),
        isDemoContent: true,
        description: `Demo content: a ${studio.name} skin over the built-in ${ENGINE_LABELS[engine]}.`,
      });
    }
    LATER_INSTANT_ENGINES.forEach((engine, j) => {
      if ((s + j) % 2 !== 0) return;
      add({
        name: `${studio.name.split(" ")[0]} ${INSTANT_NAMES[engine][Math.floor(s / 2) % 4]}`,
        provider: studio.identity,
        engine,
        hasDemo: true,
        countries: null,
        restrictedCountries: [],
        currencies: null,
        popularity: Math.floor(spins() * 900),
        // New, but never newer than the originals (1–10 days), so the "new" row still opens with those.
        ageDays: 10 + Math.floor(spins() * 50),
        isDemoContent: true,
        description: `Demo content: a ${studio.name} skin over the built-in ${ENGINE_LABELS[engine]}.`,
      });
    });
  });
  // After the first rows, with a generator of their own, so adding them changed none of the titles above.
  const tables = rng(20261128);
  studios.forEach((studio, s) => {
    if (s % 2 !== 0) return;
    add({
      name: `${studio.name.split(" ")[0]} ${BLACKJACK_NAMES[s / 2]}`,
      provider: studio.identity,
      engine: "blackjack",
      hasDemo: true,
      countries: null,
      restrictedCountries: s === 4 ? ["TR"] : [],
      currencies: null,
      popularity: Math.floor(tables() * 900),
      ageDays: Math.floor(tables() * 60),
      isDemoContent: true,
      description: `Demo content: a ${studio.name} skin over the built-in blackjack.`,
    });
  });
  // A card title from every other studio (hilo, then video poker, in turn), from a generator of their own so
  // the titles above keep their figures.
  const cardRandom = rng(20261128);
  studios.forEach((studio, s) => {
    if (s % 2 === 1) return;
    const engine: CardEngine = s % 4 === 0 ? "hilo" : "videopoker";
    add({
      name: `${studio.name.split(" ")[0]} ${CARD_TITLES[engine][Math.floor(s / 4) % 3]}`,
      provider: studio.identity,
      engine,
      hasDemo: true,
      countries: null,
      restrictedCountries: [],
      currencies: null,
      popularity: Math.floor(cardRandom() * 900),
      ageDays: Math.floor(cardRandom() * 120),
      isDemoContent: true,
      description: `Demo content: a ${studio.name} skin over the built-in ${ENGINE_LABELS[engine]}.`,
    });
  });
  for (const [i, o] of LATER_ORIGINALS.entries()) {
    add({
      name: o.name,
      provider: BUILT_IN_PROVIDER,
      engine: o.engine,
      hasDemo: true,
      countries: null,
      restrictedCountries: [],
      currencies: null,
      popularity: 990 - i,
      ageDays: 1 + i,
      isDemoContent: false,
      description: o.description,
      extra: ["originals"],
    });
  }
  // Their own generator, so the titles above keep the popularity and age they always had.
  const later = rng(20261128);
  for (const skin of TABLE_SKINS) {
    const studio = studios[skin.studio]!;
    add({
      name: `${studio.name.split(" ")[0]} ${skin.name}`,
      provider: studio.identity,
      engine: skin.engine,
      hasDemo: true,
      countries: null,
      restrictedCountries: [],
      currencies: null,
      popularity: Math.floor(later() * 900),
      ageDays: Math.floor(later() * 90),
      isDemoContent: true,
      description: `Demo content: a ${studio.name} skin over the built-in ${ENGINE_LABELS[skin.engine]}.`,
    });
  }
  return out;
}

export const DEMO_GAMES: DemoGame[] = buildGames();

/** The games dealt or spun at a table (the lobby's "Table games"); the other non-slots are "Instant games". */
const TABLE_ENGINES = new Set<HouseEngine>(["blackjack", "baccarat", "roulette", "videopoker"]);

export const DEMO_COLLECTIONS: DemoCollection[] = [
  {
    identity: "popular",
    isDemoContent: false,
    name: "Popular",
    isHidden: false,
    countries: null,
    games: (g) => g.popularity >= 650,
  },
  {
    identity: "new",
    isDemoContent: false,
    name: "New",
    isHidden: false,
    countries: null,
    games: (g) => g.ageDays <= 60,
  },
  {
    identity: "slots",
    isDemoContent: false,
    name: "Slots",
    isHidden: false,
    countries: null,
    games: (g) => g.engine === "slot",
  },
  {
    identity: "table-games",
    isDemoContent: false,
    name: "Table games",
    isHidden: false,
    countries: null,
    games: (g) => TABLE_ENGINES.has(g.engine),
  },
  {
    identity: "instant",
    isDemoContent: false,
    name: "Instant games",
    isHidden: false,
    countries: null,
    games: (g) => g.engine !== "slot" && !TABLE_ENGINES.has(g.engine),
  },
  {
    identity: "originals",
    isDemoContent: false,
    name: "Lucky Harbor Originals",
    isHidden: false,
    countries: null,
    games: (g) => !g.isDemoContent,
  },
  {
    identity: "brazil-favourites",
    isDemoContent: true,
    name: "Favoritos do Brasil",
    isHidden: false,
    countries: ["BR"],
    games: (_g, i) => i % 7 === 0,
  },
  {
    identity: "india-top",
    isDemoContent: true,
    name: "Top in India",
    isHidden: false,
    countries: ["IN", "BD"],
    games: (_g, i) => i % 5 === 1,
  },
  {
    identity: "vip-lounge",
    isDemoContent: true,
    name: "VIP lounge",
    isHidden: true,
    countries: null,
    games: (_g, i) => i % 10 === 3,
  },
];

export const gameArtPath = (slug: string) => `/games/art/${slug}.svg`;
export const providerLogoPath = (identity: string) => `/games/providers/${identity}.svg`;
