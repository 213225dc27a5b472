import { SPORTS, type SportDefinition } from "#common/sport/sports";
import { hash, people, rated, runners } from "./generate";
import { NATIONS, PLACES, type Place } from "./places";
import { LEAGUE_SOURCES } from "./source-leagues";
import type { CategorySource, ChampionshipSource, LocalisedName, Participant } from "./types";

/**
 * Every sport without leagues of its own gets at least one championship: team sports a nations' series,
 * individual sports a men's and a women's series, races their meetings, and the specials, boosts, lotteries and
 * shows their own lists.
 */

const INTERNATIONAL: LocalisedName = {
  en: PLACES.international.en,
  ru: PLACES.international.ru,
  "pt-br": PLACES.international["pt-br"],
};
const placeName = (p: Place): LocalisedName => ({ en: p.en, ru: p.ru, "pt-br": p["pt-br"] });

const TEAM_FAMILIES = new Set([
  "ball",
  "basketball",
  "volleyball",
  "handball",
  "oval",
  "bat",
  "stick",
  "water",
  "winter",
]);

const series = (
  sport: SportDefinition,
  suffix: LocalisedName = { en: "", ru: "", "pt-br": "" },
): LocalisedName => ({
  en: `${sport.name.en} World Series${suffix.en}`,
  ru: `${sport.name.ru}. Мировая серия${suffix.ru}`,
  "pt-br": `${sport.name["pt-br"]}. Série Mundial${suffix["pt-br"]}`,
});
const WOMEN: LocalisedName = { en: " Women", ru: ", женщины", "pt-br": " feminina" };

/** Sixteen nations in an order of the sport's own (each sport has its own strong sides). */
const nationsFor = (code: string, n = 16): Participant[] =>
  rated(
    [...NATIONS.slice(0, 28)].sort((a, b) => hash(`${code}:${a}`) - hash(`${code}:${b}`)).slice(0, n),
    1900,
    1500,
    `${code}:nations`,
  );

function generic(sport: SportDefinition): CategorySource[] {
  const championships: ChampionshipSource[] = [];
  if (sport.format === "match" && TEAM_FAMILIES.has(sport.family)) {
    championships.push({ tier: 1, name: series(sport), participants: nationsFor(sport.code) });
  } else {
    const size = sport.format === "field" ? 20 : 16;
    championships.push({
      tier: 1,
      name: series(sport),
      participants: rated(people(size, `${sport.code}:men`), 1900, 1450, sport.code),
    });
    championships.push({
      tier: 2,
      name: series(sport, WOMEN),
      participants: rated(people(size, `${sport.code}:women`, "women"), 1880, 1450, `${sport.code}:women`),
    });
  }
  return [{ slot: 1, name: INTERNATIONAL, championships }];
}

type Meeting = [place: Place, slot: number, kinds: LocalisedName[]];
function races(code: string, meetings: Meeting[], field: number): CategorySource[] {
  return meetings.map(([place, slot, kinds]) => ({
    slot,
    name: placeName(place),
    championships: kinds.map((kind, i) => ({
      tier: i + 1,
      name: {
        en: `${kind.en} ${place.en}`,
        ru: `${place.ru}. ${kind.ru}`,
        "pt-br": `${place["pt-br"]}. ${kind["pt-br"]}`,
      },
      participants: rated(runners(field, `${code}:${place.en}:${i}`), 1700, 1350, `${code}:${place.en}:${i}`),
    })),
  }));
}
const FLAT: LocalisedName = { en: "Flat Racing", ru: "Гладкие скачки", "pt-br": "Corridas planas" };
const JUMPS: LocalisedName = {
  en: "Jump Racing",
  ru: "Скачки с препятствиями",
  "pt-br": "Corridas com obstáculos",
};
const GREYHOUNDS: LocalisedName = {
  en: "Greyhound Racing",
  ru: "Собачьи бега",
  "pt-br": "Corrida de galgos",
};
const TROTTING: LocalisedName = { en: "Trotting", ru: "Рысистые бега", "pt-br": "Trote" };

/** The first championship of a sport's category, from the league sources. */
const league = (sportId: number, slot: number, tier = 1): ChampionshipSource => {
  const found = LEAGUE_SOURCES[sportId]
    ?.find((c) => c.slot === slot)
    ?.championships.find((c) => c.tier === tier);
  if (!found) throw new Error(`no championship ${sportId}/${slot}/${tier}`);
  return found;
};

const winner = (tier: number, of: ChampionshipSource, n = 10): ChampionshipSource => ({
  tier,
  name: {
    en: `Winner ${of.name.en}`,
    ru: `Победитель. ${of.name.ru}`,
    "pt-br": `Vencedor. ${of.name["pt-br"]}`,
  },
  participants: [...of.participants].sort((a, b) => b.rating - a.rating).slice(0, n),
});

const boost = (tier: number, sportId: number, from: ChampionshipSource, n: number): ChampionshipSource => {
  const sport = SPORTS.find((s) => s.id === sportId)!;
  return {
    tier,
    name: {
      en: `${sport.name.en} Boosts`,
      ru: `${sport.name.ru}. Повышенные коэффициенты`,
      "pt-br": `${sport.name["pt-br"]}. Odds turbinadas`,
    },
    participants: [...from.participants].sort((a, b) => b.rating - a.rating).slice(0, n),
  };
};

const numbers = (n: number): Participant[] =>
  Array.from({ length: n }, (_v, i) => ({ name: String(i + 1), rating: 1500 }));

const CUSTOM: Record<number, () => CategorySource[]> = {
  89: () =>
    races(
      "horse-racing",
      [
        [PLACES.england, 1, [FLAT, JUMPS]],
        [PLACES.ireland, 2, [JUMPS]],
        [PLACES.france, 3, [FLAT]],
        [PLACES.usa, 4, [FLAT]],
      ],
      12,
    ),
  90: () =>
    races(
      "greyhounds",
      [
        [PLACES.england, 1, [GREYHOUNDS]],
        [PLACES.ireland, 2, [GREYHOUNDS]],
      ],
      8,
    ),
  91: () =>
    races(
      "trotting",
      [
        [PLACES.france, 1, [TROTTING]],
        [PLACES.sweden, 2, [TROTTING]],
      ],
      12,
    ),
  151: () => [
    {
      slot: 1,
      name: { en: "Soccer Specials", ru: "Спецставки на футбол", "pt-br": "Especiais de futebol" },
      championships: [
        winner(1, league(66, 1)),
        winner(2, league(66, 2)),
        winner(3, league(66, 3)),
        winner(4, league(66, 50), 16),
      ],
    },
    {
      slot: 2,
      name: { en: "Basketball Specials", ru: "Спецставки на баскетбол", "pt-br": "Especiais de basquete" },
      championships: [winner(1, league(67, 1), 12)],
    },
    {
      slot: 3,
      name: { en: "Tennis Specials", ru: "Спецставки на теннис", "pt-br": "Especiais de tênis" },
      championships: [winner(1, league(68, 1, 1), 12), winner(2, league(68, 2, 1), 12)],
    },
  ],
  152: () => [
    {
      slot: 1,
      name: { en: "Daily Boosts", ru: "Повышенные коэффициенты дня", "pt-br": "Turbinadas do dia" },
      championships: [
        boost(1, 66, league(66, 50), 16),
        boost(2, 67, league(67, 1), 12),
        boost(3, 68, league(68, 1, 1), 16),
      ],
    },
  ],
  153: () => [
    {
      slot: 1,
      name: { en: "Number Draws", ru: "Тиражи чисел", "pt-br": "Sorteios de números" },
      championships: [
        {
          tier: 1,
          name: { en: "Daily Draw 6/49", ru: "Ежедневный тираж 6 из 49", "pt-br": "Sorteio diário 6/49" },
          participants: numbers(49),
        },
        {
          tier: 2,
          name: { en: "Keno 20/80", ru: "Кено 20 из 80", "pt-br": "Keno 20/80" },
          participants: numbers(80),
        },
      ],
    },
  ],
  154: () => [
    {
      slot: 1,
      name: INTERNATIONAL,
      championships: [
        {
          tier: 1,
          name: {
            en: "Virtual Premier Division",
            ru: "Виртуальный премьер-дивизион",
            "pt-br": "Divisão Principal Virtual",
          },
          participants: league(66, 50).participants.slice(0, 16),
        },
        {
          tier: 2,
          name: {
            en: "Virtual Nations Cup",
            ru: "Виртуальный Кубок наций",
            "pt-br": "Copa das Nações Virtual",
          },
          participants: nationsFor("virtual-soccer"),
        },
      ],
    },
  ],
  155: () =>
    races(
      "virtual-horse-racing",
      [
        [
          PLACES.international,
          1,
          [{ en: "Virtual Derby", ru: "Виртуальное дерби", "pt-br": "Derby virtual" }],
        ],
      ],
      10,
    ),
  156: () => [
    {
      slot: 1,
      name: INTERNATIONAL,
      championships: [
        {
          tier: 1,
          name: { en: "Song Contest", ru: "Конкурс песни", "pt-br": "Concurso de canções" },
          participants: nationsFor("song-contest", 20),
        },
        {
          tier: 2,
          name: {
            en: "Reality Show Winner",
            ru: "Реалити-шоу. Победитель",
            "pt-br": "Reality show. Vencedor",
          },
          participants: rated(people(12, "reality", "women"), 1600, 1400, "reality"),
        },
      ],
    },
  ],
  167: () => [
    {
      slot: 1,
      name: INTERNATIONAL,
      championships: [
        {
          tier: 1,
          name: {
            en: "Poker Championship Main Event",
            ru: "Покер. Главное событие чемпионата",
            "pt-br": "Pôquer. Evento principal do campeonato",
          },
          participants: rated(people(20, "poker"), 1700, 1450, "poker"),
        },
      ],
    },
  ],
};

export function otherSources(): Record<number, CategorySource[]> {
  const out: Record<number, CategorySource[]> = {};
  for (const sport of SPORTS) {
    if (LEAGUE_SOURCES[sport.id]) continue;
    out[sport.id] = CUSTOM[sport.id]?.() ?? generic(sport);
  }
  return out;
}
