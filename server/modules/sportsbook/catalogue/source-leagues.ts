import { clubs, people, rated, squads } from "./generate";
import { NATIONS, PLACES, type Place } from "./places";
import type { CategorySource, ChampionshipSource, LocalisedName, Participant } from "./types";

/**
 * The featured sports' categories and championships: soccer, basketball, tennis, ice hockey, volleyball,
 * handball, American football, baseball, table tennis, cricket and e-sports. League names are invented from
 * place names ("Premier Division England"), club names from cities and invented nicknames.
 */

/** A championship name by templates: `{p}` is the place's name in that locale. */
type NameTemplate = LocalisedName;

const named = (template: NameTemplate, place: Place): LocalisedName => ({
  en: template.en.replace("{p}", place.en),
  ru: template.ru.replace("{p}", place.ru),
  "pt-br": template["pt-br"].replace("{p}", place["pt-br"]),
});

const placeName = (place: Place): LocalisedName => ({ en: place.en, ru: place.ru, "pt-br": place["pt-br"] });

const PREMIER: NameTemplate = {
  en: "Premier Division {p}",
  ru: "{p}. Премьер-дивизион",
  "pt-br": "{p}. Divisão Principal",
};
const FIRST: NameTemplate = {
  en: "First Division {p}",
  ru: "{p}. Первый дивизион",
  "pt-br": "{p}. Primeira Divisão",
};
const CUP: NameTemplate = { en: "{p} Cup", ru: "{p}. Кубок", "pt-br": "{p}. Copa" };

/** Nicknames by the language of a country's clubs; `{c}` is the city. */
const SOCCER_NICKNAMES: Record<string, string[]> = {
  en: [
    "{c} Mariners",
    "{c} Harriers",
    "{c} Ironsides",
    "{c} Comets",
    "{c} Wayfarers",
    "{c} Kestrels",
    "{c} Pilgrims",
    "{c} Foundry",
  ],
  es: ["{c} Toros", "{c} Halcones", "{c} Marineros", "{c} Leones", "{c} Corsarios", "{c} Tritones"],
  de: ["{c} Falken", "{c} Greifen", "{c} Kometen", "{c} Sterne", "{c} Bären", "{c} Möwen"],
  it: ["{c} Falchi", "{c} Aquile", "{c} Leoni", "{c} Comete", "{c} Corsari", "{c} Grifoni"],
  fr: ["{c} Faucons", "{c} Comètes", "{c} Corsaires", "{c} Lions", "{c} Étoiles", "{c} Mouettes"],
  pt: ["{c} Falcões", "{c} Corsários", "{c} Leões", "{c} Cometas", "{c} Marinheiros", "{c} Tubarões"],
  nl: ["{c} Valken", "{c} Kometen", "{c} Leeuwen", "{c} Zeevaarders", "{c} Meeuwen"],
  tr: ["{c} Şahinler", "{c} Yıldızlar", "{c} Denizciler", "{c} Aslanlar", "{c} Kartallar"],
  ru: ["Sokol {c}", "Zvezda {c}", "Meteor {c}", "Kometa {c}", "Burevestnik {c}", "Rassvet {c}"],
  ja: ["{c} Kaze", "{c} Hoshi", "{c} Tora", "{c} Nami", "{c} Taka"],
};

interface LeagueTier {
  template: NameTemplate;
  tier: number;
  size: number;
  top: number;
  bottom: number;
}

/** A country's leagues from its cities in order (the top tier takes the first), and a cup of all its clubs. */
function country(
  sport: string,
  place: Place,
  slot: number,
  nicknames: string[],
  tiers: LeagueTier[],
  cup?: NameTemplate,
): CategorySource & { clubs: Participant[][] } {
  let from = 0;
  const leagues = tiers.map((t) => {
    const cities = place.cities.slice(from, from + t.size);
    from += t.size;
    if (cities.length < t.size) throw new Error(`${place.en} has too few cities for ${sport} tier ${t.tier}`);
    return {
      tier: t.tier,
      name: named(t.template, place),
      participants: rated(
        clubs(cities, nicknames, `${sport}:${place.en}`),
        t.top,
        t.bottom,
        `${sport}:${place.en}:${t.tier}`,
      ),
    };
  });
  const championships: ChampionshipSource[] = [...leagues];
  if (cup)
    championships.push({
      tier: 9,
      name: named(cup, place),
      participants: leagues.flatMap((l) => l.participants),
    });
  return { slot, name: placeName(place), championships, clubs: leagues.map((l) => l.participants) };
}

const strip = ({ clubs: _clubs, ...category }: CategorySource & { clubs: Participant[][] }): CategorySource =>
  category;

/** The best `n` of a league (its participants are listed strongest first, give or take the jitter). */
const best = (league: Participant[] | undefined, n: number) =>
  [...(league ?? [])].sort((a, b) => b.rating - a.rating).slice(0, n);

const nations = (names: readonly string[], top: number, bottom: number, seed: string) =>
  rated(names, top, bottom, seed);

// ---------------------------------------------------------------- soccer (66)

const tiers = (premier: number, first = 0, top = 1950): LeagueTier[] => [
  { template: PREMIER, tier: 1, size: premier, top, bottom: top - 350 },
  ...(first ? [{ template: FIRST, tier: 2, size: first, top: top - 300, bottom: top - 550 }] : []),
];

const soccerCountries = [
  country("soccer", PLACES.england, 1, SOCCER_NICKNAMES.en!, tiers(20, 12, 1980), CUP),
  country("soccer", PLACES.spain, 2, SOCCER_NICKNAMES.es!, tiers(20, 10, 1970), CUP),
  country("soccer", PLACES.germany, 3, SOCCER_NICKNAMES.de!, tiers(18, 12, 1950), CUP),
  country("soccer", PLACES.italy, 4, SOCCER_NICKNAMES.it!, tiers(20, 10, 1940), CUP),
  country("soccer", PLACES.france, 5, SOCCER_NICKNAMES.fr!, tiers(18, 12, 1920), CUP),
  country("soccer", PLACES.portugal, 6, SOCCER_NICKNAMES.pt!, tiers(16, 0, 1850)),
  country("soccer", PLACES.netherlands, 7, SOCCER_NICKNAMES.nl!, tiers(16, 0, 1830)),
  country("soccer", PLACES.scotland, 8, SOCCER_NICKNAMES.en!, tiers(12, 0, 1720)),
  country("soccer", PLACES.belgium, 9, SOCCER_NICKNAMES.fr!, tiers(14, 0, 1760)),
  country("soccer", PLACES.turkey, 10, SOCCER_NICKNAMES.tr!, tiers(16, 0, 1760)),
  country("soccer", PLACES.russia, 11, SOCCER_NICKNAMES.ru!, tiers(16, 0, 1740)),
  country("soccer", PLACES.brazil, 12, SOCCER_NICKNAMES.pt!, tiers(20, 0, 1820), CUP),
  country("soccer", PLACES.argentina, 13, SOCCER_NICKNAMES.es!, tiers(16, 0, 1800)),
  country("soccer", PLACES.mexico, 14, SOCCER_NICKNAMES.es!, tiers(16, 0, 1720)),
  country("soccer", PLACES.usa, 15, SOCCER_NICKNAMES.en!, tiers(20, 0, 1700)),
  country("soccer", PLACES.japan, 16, SOCCER_NICKNAMES.ja!, tiers(16, 0, 1680)),
];
const soccerTop = (slot: number, n: number) =>
  best(soccerCountries.find((c) => c.slot === slot)?.clubs[0], n);

const soccer: CategorySource[] = [
  ...soccerCountries.map(strip),
  {
    slot: 50,
    name: placeName(PLACES.international),
    championships: [
      {
        tier: 1,
        name: {
          en: "Champions Cup Europe",
          ru: "Европа. Кубок чемпионов",
          "pt-br": "Europa. Copa dos Campeões",
        },
        participants: [1, 2, 3, 4, 5]
          .flatMap((s) => soccerTop(s, 4))
          .concat([6, 7, 9, 10].flatMap((s) => soccerTop(s, 2))),
      },
      {
        tier: 2,
        name: {
          en: "Continental Cup South America",
          ru: "Южная Америка. Континентальный кубок",
          "pt-br": "América do Sul. Copa Continental",
        },
        participants: [...soccerTop(12, 8), ...soccerTop(13, 8)],
      },
      {
        tier: 3,
        name: { en: "Nations Cup", ru: "Кубок наций", "pt-br": "Copa das Nações" },
        participants: nations(NATIONS.slice(0, 32), 2050, 1650, "soccer:nations"),
      },
    ],
  },
];

// ---------------------------------------------------------------- basketball (67)

const MASCOTS = [
  "{c} Comets",
  "{c} Stallions",
  "{c} Cyclones",
  "{c} Voyagers",
  "{c} Anchors",
  "{c} Blaze",
  "{c} Titans",
  "{c} Monarchs",
  "{c} Vipers",
  "{c} Pilots",
  "{c} Miners",
  "{c} Otters",
  "{c} Owls",
  "{c} Ravens",
  "{c} Falcons",
  "{c} Tide",
];
const BASKETBALL: NameTemplate = {
  en: "Basketball League {p}",
  ru: "{p}. Баскетбольная лига",
  "pt-br": "{p}. Liga de Basquete",
};
const bball = (place: Place, slot: number, size: number, top: number) =>
  country("basketball", place, slot, MASCOTS, [
    { template: BASKETBALL, tier: 1, size, top, bottom: top - 380 },
  ]);
const basketballCountries = [
  bball(PLACES.usa, 1, 24, 2000),
  bball(PLACES.spain, 2, 16, 1820),
  bball(PLACES.turkey, 3, 14, 1780),
  bball(PLACES.greece, 4, 12, 1760),
  bball(PLACES.italy, 5, 16, 1740),
  bball(PLACES.germany, 6, 16, 1740),
  bball(PLACES.france, 7, 16, 1740),
  bball(PLACES.lithuania, 8, 10, 1720),
  bball(PLACES.australia, 9, 10, 1700),
];
const basketball: CategorySource[] = [
  ...basketballCountries.map(strip),
  {
    slot: 50,
    name: placeName(PLACES.international),
    championships: [
      {
        tier: 1,
        name: {
          en: "Euro Basketball Cup",
          ru: "Европа. Кубок по баскетболу",
          "pt-br": "Europa. Copa de Basquete",
        },
        participants: [2, 3, 4, 5, 6, 7, 8]
          .flatMap((s) => best(basketballCountries.find((c) => c.slot === s)?.clubs[0], 3))
          .slice(0, 18),
      },
      {
        tier: 2,
        name: {
          en: "World Basketball Cup",
          ru: "Кубок мира по баскетболу",
          "pt-br": "Copa do Mundo de Basquete",
        },
        participants: nations(
          [
            "USA",
            "Serbia",
            "France",
            "Spain",
            "Canada",
            "Australia",
            "Germany",
            "Greece",
            "Lithuania",
            "Slovenia",
            "Argentina",
            "Italy",
            "Latvia",
            "Turkey",
            "Brazil",
            "Montenegro",
          ],
          2050,
          1650,
          "basketball:nations",
        ),
      },
    ],
  },
];

// ---------------------------------------------------------------- ice hockey (69)

const HOCKEY_NICKNAMES = [
  "{c} Icebreakers",
  "{c} Blizzard",
  "{c} Glaciers",
  "{c} Huskies",
  "{c} Frost",
  "{c} Polar Bears",
  "{c} Lumberjacks",
  "{c} Grizzlies",
  "{c} Northmen",
  "{c} Wolverines",
  "{c} Ice Hawks",
  "{c} Snowy Owls",
];
const HOCKEY: NameTemplate = {
  en: "Hockey League {p}",
  ru: "{p}. Хоккейная лига",
  "pt-br": "{p}. Liga de Hóquei",
};
const NORTH_AMERICA: Place = {
  ...PLACES.northAmerica,
  cities: [...PLACES.canada.cities.slice(0, 7), ...PLACES.usa.cities.slice(0, 17)],
};
const hockey = (place: Place, slot: number, size: number, top: number) =>
  country("ice-hockey", place, slot, HOCKEY_NICKNAMES, [
    { template: HOCKEY, tier: 1, size, top, bottom: top - 320 },
  ]);
const iceHockey: CategorySource[] = [
  hockey(NORTH_AMERICA, 1, 24, 1980),
  hockey(PLACES.russia, 2, 16, 1820),
  hockey(PLACES.sweden, 3, 14, 1760),
  hockey(PLACES.finland, 4, 14, 1740),
  hockey(PLACES.czechia, 5, 14, 1730),
  hockey(PLACES.switzerland, 6, 12, 1730),
  hockey(PLACES.germany, 7, 14, 1700),
].map(strip);
iceHockey.push({
  slot: 50,
  name: placeName(PLACES.international),
  championships: [
    {
      tier: 1,
      name: {
        en: "World Hockey Championship",
        ru: "Чемпионат мира по хоккею",
        "pt-br": "Campeonato Mundial de Hóquei",
      },
      participants: nations(
        [
          "Canada",
          "Finland",
          "Sweden",
          "USA",
          "Czechia",
          "Switzerland",
          "Germany",
          "Slovakia",
          "Latvia",
          "Denmark",
          "Norway",
          "Austria",
          "France",
          "Kazakhstan",
          "Poland",
          "Slovenia",
        ],
        2000,
        1550,
        "hockey:nations",
      ),
    },
  ],
});

// ---------------------------------------------------------------- tennis (68)

interface TennisEvent {
  city: LocalisedName;
  kind: "hard" | "clay" | "grass" | "indoor";
  draw: number;
}
const KINDS: Record<TennisEvent["kind"], LocalisedName> = {
  hard: { en: "Hard Court Open", ru: "Открытый турнир на харде", "pt-br": "Aberto em quadra dura" },
  clay: { en: "Clay Court Championships", ru: "Турнир на грунте", "pt-br": "Campeonato de saibro" },
  grass: { en: "Grass Court Championships", ru: "Турнир на траве", "pt-br": "Campeonato de grama" },
  indoor: { en: "Indoor Open", ru: "Турнир в зале", "pt-br": "Aberto indoor" },
};
const city = (en: string, ru: string, pt = en): LocalisedName => ({ en, ru, "pt-br": pt });
const TOUR_EVENTS: TennisEvent[] = [
  { city: city("Melbourne", "Мельбурн"), kind: "hard", draw: 32 },
  { city: city("Paris", "Париж"), kind: "clay", draw: 32 },
  { city: city("London", "Лондон", "Londres"), kind: "grass", draw: 32 },
  { city: city("New York", "Нью-Йорк", "Nova York"), kind: "hard", draw: 32 },
  { city: city("Rome", "Рим", "Roma"), kind: "clay", draw: 24 },
  { city: city("Dubai", "Дубай"), kind: "hard", draw: 16 },
  { city: city("Tokyo", "Токио", "Tóquio"), kind: "hard", draw: 16 },
  { city: city("Vienna", "Вена", "Viena"), kind: "indoor", draw: 16 },
];
const CHALLENGER_EVENTS: TennisEvent[] = [
  { city: city("Buenos Aires", "Буэнос-Айрес"), kind: "clay", draw: 16 },
  { city: city("Rotterdam", "Роттердам", "Roterdã"), kind: "indoor", draw: 16 },
  { city: city("Stuttgart", "Штутгарт"), kind: "grass", draw: 16 },
  { city: city("Montreal", "Монреаль"), kind: "hard", draw: 16 },
];
const CHALLENGER: LocalisedName = { en: "Challenger", ru: "Челленджер", "pt-br": "Challenger" };
const WOMENS: LocalisedName = { en: " Women", ru: ", женщины", "pt-br": " feminino" };
const NONE: LocalisedName = { en: "", ru: "", "pt-br": "" };
/** "Melbourne Hard Court Open", "Rotterdam Challenger Women": unique within the sport, so a slug names one. */
const tournament = (e: TennisEvent, challenger: boolean, suffix: LocalisedName): LocalisedName => {
  const kind = challenger ? CHALLENGER : KINDS[e.kind];
  return {
    en: `${e.city.en} ${kind.en}${suffix.en}`,
    ru: `${e.city.ru}. ${kind.ru}${suffix.ru}`,
    "pt-br": `${e.city["pt-br"]}. ${kind["pt-br"]}${suffix["pt-br"]}`,
  };
};

/** A tour's players by rank, and each event's draw: the best `draw` players, one in four swapped for the next. */
function tour(
  slot: number,
  name: LocalisedName,
  events: TennisEvent[],
  players: Participant[],
  opts: { challenger?: boolean; women?: boolean } = {},
): CategorySource {
  return {
    slot,
    name,
    championships: events.map((e, i) => {
      const picked = players.filter(
        (_p, rank) => rank < e.draw + Math.floor(e.draw / 4) && (rank + i) % 5 !== 4,
      );
      return {
        tier: i + 1,
        name: tournament(e, opts.challenger ?? false, opts.women ? WOMENS : NONE),
        participants: picked.slice(0, e.draw),
      };
    }),
  };
}
const men = rated(people(48, "tennis:men"), 2150, 1600, "tennis:men");
const women = rated(people(48, "tennis:women", "women"), 2100, 1580, "tennis:women");
const tennis: CategorySource[] = [
  tour(1, { en: "Men's Tour", ru: "Мужской тур", "pt-br": "Circuito masculino" }, TOUR_EVENTS, men),
  tour(
    2,
    { en: "Women's Tour", ru: "Женский тур", "pt-br": "Circuito feminino" },
    TOUR_EVENTS.slice(0, 6),
    women,
    { women: true },
  ),
  tour(
    3,
    { en: "Challenger Men", ru: "Мужской челленджер", "pt-br": "Challenger masculino" },
    CHALLENGER_EVENTS,
    rated(people(24, "tennis:challenger-men"), 1650, 1400, "tennis:challenger-men"),
    { challenger: true },
  ),
  tour(
    4,
    { en: "Challenger Women", ru: "Женский челленджер", "pt-br": "Challenger feminino" },
    CHALLENGER_EVENTS.slice(0, 2),
    rated(people(24, "tennis:challenger-women", "women"), 1620, 1380, "tennis:challenger-women"),
    { challenger: true, women: true },
  ),
];

// ---------------------------------------------------------------- other team sports with leagues

const leaguesOf = (
  sport: string,
  template: NameTemplate,
  nicknames: string[],
  list: [Place, number, number, number][],
  world: { name: LocalisedName; teams: string[] },
): CategorySource[] => [
  ...list.map(([place, slot, size, top]) =>
    strip(country(sport, place, slot, nicknames, [{ template, tier: 1, size, top, bottom: top - 330 }])),
  ),
  {
    slot: 50,
    name: placeName(PLACES.international),
    championships: [
      { tier: 1, name: world.name, participants: nations(world.teams, 1950, 1550, `${sport}:nations`) },
    ],
  },
];

const volleyball = leaguesOf(
  "volleyball",
  { en: "Volleyball League {p}", ru: "{p}. Волейбольная лига", "pt-br": "{p}. Liga de Vôlei" },
  ["{c} Spikers", "{c} Aces", "{c} Blockers", "{c} Volley", "{c} Setters", "{c} Jumpers"],
  [
    [PLACES.italy, 1, 12, 1900],
    [PLACES.poland, 2, 12, 1880],
    [PLACES.brazil, 3, 12, 1840],
    [PLACES.russia, 4, 12, 1820],
    [PLACES.turkey, 5, 12, 1780],
    [PLACES.japan, 6, 10, 1720],
  ],
  {
    name: {
      en: "Volleyball Nations Series",
      ru: "Волейбол. Серия наций",
      "pt-br": "Vôlei. Série das Nações",
    },
    teams: [
      "Poland",
      "Italy",
      "USA",
      "Brazil",
      "France",
      "Japan",
      "Slovenia",
      "Argentina",
      "Serbia",
      "Canada",
      "Germany",
      "Netherlands",
      "Cuba",
      "Iran",
      "Turkey",
      "Bulgaria",
    ],
  },
);

const handball = leaguesOf(
  "handball",
  { en: "Handball League {p}", ru: "{p}. Гандбольная лига", "pt-br": "{p}. Liga de Handebol" },
  ["{c} Sharks", "{c} Lynx", "{c} Wolves", "{c} Bulls", "{c} Handball", "{c} Vikings"],
  [
    [PLACES.germany, 1, 16, 1900],
    [PLACES.france, 2, 14, 1860],
    [PLACES.spain, 3, 12, 1820],
    [PLACES.denmark, 4, 12, 1820],
    [PLACES.poland, 5, 10, 1740],
    [PLACES.sweden, 6, 12, 1740],
  ],
  {
    name: { en: "Handball Nations Cup", ru: "Гандбол. Кубок наций", "pt-br": "Handebol. Copa das Nações" },
    teams: [
      "Denmark",
      "France",
      "Germany",
      "Spain",
      "Sweden",
      "Norway",
      "Croatia",
      "Egypt",
      "Hungary",
      "Slovenia",
      "Portugal",
      "Iceland",
      "Netherlands",
      "Poland",
      "Brazil",
      "Austria",
    ],
  },
);

const proFootball = strip(
  country(
    "american-football",
    PLACES.usa,
    1,
    [
      "{c} Stallions",
      "{c} Ironmen",
      "{c} Marauders",
      "{c} Express",
      "{c} Generals",
      "{c} Gunners",
      "{c} Renegades",
      "{c} Bison",
    ],
    [
      {
        template: {
          en: "Pro Football League {p}",
          ru: "{p}. Профессиональная лига",
          "pt-br": "{p}. Liga Profissional",
        },
        tier: 1,
        size: 24,
        top: 1900,
        bottom: 1500,
      },
    ],
  ),
);
const americanFootball: CategorySource[] = [
  {
    ...proFootball,
    championships: [
      ...proFootball.championships,
      {
        tier: 2,
        name: {
          en: "College Football USA",
          ru: "США. Студенческий футбол",
          "pt-br": "EUA. Futebol universitário",
        },
        participants: rated(
          clubs(
            PLACES.usa.cities.slice(8, 24),
            ["{c} State", "{c} Tech", "{c} College", "{c} University"],
            "college",
          ),
          1750,
          1350,
          "college",
        ),
      },
    ],
  },
  strip(
    country(
      "american-football",
      PLACES.canada,
      2,
      ["{c} Moose", "{c} Caribou", "{c} Loons"],
      [
        {
          template: {
            en: "Football League {p}",
            ru: "{p}. Лига канадского футбола",
            "pt-br": "{p}. Liga de Futebol Canadense",
          },
          tier: 1,
          size: 9,
          top: 1650,
          bottom: 1400,
        },
      ],
    ),
  ),
];

const baseball: CategorySource[] = [
  [PLACES.usa, 1, 24, 1850],
  [PLACES.japan, 2, 12, 1720],
  [PLACES.southKorea, 3, 10, 1650],
].map(([place, slot, size, top]) =>
  strip(
    country(
      "baseball",
      place as Place,
      slot as number,
      [
        "{c} Sluggers",
        "{c} Pioneers",
        "{c} Aviators",
        "{c} Bandits",
        "{c} Captains",
        "{c} Hornets",
        "{c} Clippers",
        "{c} Sea Dogs",
      ],
      [
        {
          template: {
            en: "Baseball League {p}",
            ru: "{p}. Бейсбольная лига",
            "pt-br": "{p}. Liga de Beisebol",
          },
          tier: 1,
          size: size as number,
          top: top as number,
          bottom: (top as number) - 300,
        },
      ],
    ),
  ),
);

const tableTennis: CategorySource[] = [
  {
    slot: 1,
    name: placeName(PLACES.international),
    championships: [
      {
        tier: 1,
        name: {
          en: "Table Tennis Pro Series Men",
          ru: "Настольный теннис. Про-серия, мужчины",
          "pt-br": "Tênis de mesa. Série Pro masculina",
        },
        participants: rated(people(16, "tt:men"), 1950, 1550, "tt:men"),
      },
      {
        tier: 2,
        name: {
          en: "Table Tennis Pro Series Women",
          ru: "Настольный теннис. Про-серия, женщины",
          "pt-br": "Tênis de mesa. Série Pro feminina",
        },
        participants: rated(people(16, "tt:women", "women"), 1900, 1550, "tt:women"),
      },
    ],
  },
  {
    slot: 2,
    name: placeName(PLACES.czechia),
    championships: [
      {
        tier: 1,
        name: {
          en: "Table Tennis Cup Czechia",
          ru: "Чехия. Кубок по настольному теннису",
          "pt-br": "Tchéquia. Copa de Tênis de Mesa",
        },
        participants: rated(people(12, "tt:czechia"), 1600, 1400, "tt:czechia"),
      },
    ],
  },
  {
    slot: 3,
    name: placeName(PLACES.russia),
    championships: [
      {
        tier: 1,
        name: {
          en: "Table Tennis League Russia",
          ru: "Россия. Лига по настольному теннису",
          "pt-br": "Rússia. Liga de Tênis de Mesa",
        },
        participants: rated(people(12, "tt:russia"), 1580, 1380, "tt:russia"),
      },
    ],
  },
];

const cricket: CategorySource[] = [
  {
    slot: 1,
    name: placeName(PLACES.international),
    championships: [
      {
        tier: 1,
        name: { en: "Test Series", ru: "Тестовая серия", "pt-br": "Série de testes" },
        participants: nations(
          [
            "India",
            "Australia",
            "England",
            "South Africa",
            "New Zealand",
            "Pakistan",
            "Sri Lanka",
            "West Indies",
            "Bangladesh",
            "Afghanistan",
          ],
          1900,
          1500,
          "cricket:test",
        ),
      },
      {
        tier: 2,
        name: { en: "T20 World Series", ru: "T20. Мировая серия", "pt-br": "T20. Série Mundial" },
        participants: nations(
          [
            "India",
            "England",
            "Australia",
            "Pakistan",
            "South Africa",
            "New Zealand",
            "West Indies",
            "Sri Lanka",
            "Afghanistan",
            "Bangladesh",
            "Ireland",
            "Netherlands",
          ],
          1850,
          1500,
          "cricket:t20",
        ),
      },
    ],
  },
  strip(
    country(
      "cricket",
      PLACES.india,
      2,
      ["{c} Strikers", "{c} Chargers", "{c} Titans", "{c} Royals", "{c} Warriors"],
      [
        {
          template: {
            en: "T20 Premier League {p}",
            ru: "{p}. Премьер-лига T20",
            "pt-br": "{p}. Liga Principal T20",
          },
          tier: 1,
          size: 10,
          top: 1750,
          bottom: 1500,
        },
      ],
    ),
  ),
  strip(
    country(
      "cricket",
      PLACES.australia,
      3,
      ["{c} Heat", "{c} Scorchers", "{c} Sixers", "{c} Hurricanes"],
      [
        {
          template: { en: "T20 League {p}", ru: "{p}. Лига T20", "pt-br": "{p}. Liga T20" },
          tier: 1,
          size: 8,
          top: 1700,
          bottom: 1480,
        },
      ],
    ),
  ),
];

// ---------------------------------------------------------------- e-sports (145, 150) and cyber sports

const title = (n: string): LocalisedName => ({ en: n, ru: n, "pt-br": n });
const PRO: NameTemplate = { en: "{p} Pro Series", ru: "{p}. Про-серия", "pt-br": "{p}. Série Pro" };
const OPEN: NameTemplate = { en: "{p} Open Cup", ru: "{p}. Открытый кубок", "pt-br": "{p}. Copa Aberta" };
const game = (name: string): Place => ({ en: name, ru: name, "pt-br": name, cities: [] });
const esportsTitle = (
  where: { id?: number; slot?: number; code?: string },
  name: string,
  opts: { players?: boolean; open?: boolean; seed: string },
): CategorySource => {
  const entrants = (n: number, salt: string) =>
    opts.players ? people(n, `${opts.seed}:${salt}`) : squads(n, `${opts.seed}:${salt}`);
  return {
    ...where,
    name: title(name),
    championships: [
      {
        tier: 1,
        name: named(PRO, game(name)),
        participants: rated(entrants(16, "pro"), 1950, 1550, `${opts.seed}:pro`),
      },
      ...(opts.open === false
        ? []
        : [
            {
              tier: 2,
              name: named(OPEN, game(name)),
              participants: rated(entrants(12, "open"), 1600, 1350, `${opts.seed}:open`),
            },
          ]),
    ],
  };
};

/** E-sports plus (145): the spec's four titles with their category ids and codes. */
const eSportsPlus: CategorySource[] = [
  esportsTitle({ id: 1706, code: "cs2" }, "Counter-Strike 2", { seed: "cs2" }),
  esportsTitle({ id: 1533, code: "Dota2" }, "Dota 2", { seed: "dota2" }),
  esportsTitle({ id: 1330, code: "Valorant" }, "Valorant", { seed: "valorant" }),
  esportsTitle({ id: 1307, code: "Hearthstone" }, "Hearthstone", { seed: "hearthstone", players: true }),
];

const eSports: CategorySource[] = [
  esportsTitle({ slot: 1 }, "League of Legends", { seed: "lol" }),
  esportsTitle({ slot: 2 }, "Rainbow Six Siege", { seed: "r6", open: false }),
  esportsTitle({ slot: 3 }, "Rocket League", { seed: "rocket", open: false }),
  esportsTitle({ slot: 4 }, "StarCraft II", { seed: "sc2", players: true, open: false }),
  esportsTitle({ slot: 5 }, "Mobile Legends", { seed: "mlbb", open: false }),
  esportsTitle({ slot: 6 }, "Call of Duty", { seed: "cod", open: false }),
];

/** Cyber sports: players at the controls of famous-sounding clubs, "Madrid Toros (Kenji)". */
const cyber = (name: LocalisedName, pool: Participant[], seed: string): CategorySource[] => {
  const players = people(pool.length, seed).map((p) => p.split(" ")[0]!);
  return [
    {
      slot: 1,
      name: { en: "Cyber Leagues", ru: "Кибер-лиги", "pt-br": "Ligas cibernéticas" },
      championships: [
        {
          tier: 1,
          name,
          participants: rated(
            pool.map((c, i) => `${c.name} (${players[i]})`),
            1750,
            1450,
            seed,
          ),
        },
      ],
    },
  ];
};

export const LEAGUE_SOURCES: Record<number, CategorySource[]> = {
  66: soccer,
  67: basketball,
  68: tennis,
  69: iceHockey,
  70: volleyball,
  71: handball,
  72: americanFootball,
  73: baseball,
  74: tableTennis,
  75: cricket,
  145: eSportsPlus,
  146: cyber(
    {
      en: "E-Football Battle League",
      ru: "Кибер-футбол. Лига сражений",
      "pt-br": "E-Futebol. Liga de Batalhas",
    },
    [1, 2, 3, 4].flatMap((s) => soccerTop(s, 3)),
    "efootball",
  ),
  147: cyber(
    {
      en: "E-Basketball Battle League",
      ru: "Кибер-баскетбол. Лига сражений",
      "pt-br": "E-Basquete. Liga de Batalhas",
    },
    best(basketballCountries[0]!.clubs[0], 10),
    "ebasketball",
  ),
  148: cyber(
    {
      en: "E-Hockey Battle League",
      ru: "Кибер-хоккей. Лига сражений",
      "pt-br": "E-Hóquei. Liga de Batalhas",
    },
    rated(
      clubs(NORTH_AMERICA.cities.slice(0, 10), HOCKEY_NICKNAMES, "ice-hockey:North America"),
      1700,
      1500,
      "ehockey:clubs",
    ),
    "ehockey",
  ),
  149: [
    {
      slot: 1,
      name: { en: "Cyber Leagues", ru: "Кибер-лиги", "pt-br": "Ligas cibernéticas" },
      championships: [
        {
          tier: 1,
          name: {
            en: "E-Tennis Battle League",
            ru: "Кибер-теннис. Лига сражений",
            "pt-br": "E-Tênis. Liga de Batalhas",
          },
          participants: rated(people(10, "etennis"), 1700, 1450, "etennis"),
        },
      ],
    },
  ],
  150: eSports,
};

/** Sports with several countries or titles: the feed keeps a full schedule for them. */
export const FEATURED_SPORTS = new Set([66, 67, 68, 69, 70, 71, 72, 73, 74, 75, 145, 150]);
