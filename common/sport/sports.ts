import type { SiteLocale } from "../i18n/locales";

/**
 * The sports of the catalogue (spec point 3): ids 66–179 and their codes, shared by the site (sports page URLs,
 * titles) and the server (catalogue, feed, bets). Ids and codes never change once published: URLs and bets
 * carry them. Categories, championships and participants are the server's (server/modules/sportsbook/catalogue).
 */

/** What a sport looks like on its art and how the feed prices it. */
export type SportFamily =
  | "ball"
  | "basketball"
  | "racket"
  | "puck"
  | "volleyball"
  | "handball"
  | "oval"
  | "bat"
  | "paddle"
  | "shuttle"
  | "target"
  | "cue"
  | "combat"
  | "golf"
  | "car"
  | "motorbike"
  | "bike"
  | "horse"
  | "dog"
  | "water"
  | "winter"
  | "athletics"
  | "stick"
  | "chess"
  | "controller"
  | "trophy"
  | "boost"
  | "lottery";

/** `match`: two participants meet (home/away); `field`: many take part and one wins (races, outrights). */
export type SportFormat = "match" | "field";

export interface SportDefinition {
  id: number;
  /** The slug of the English name without accents (spec point 2's slug rule); paths and art files use it. */
  code: string;
  name: Record<SiteLocale, string>;
  family: SportFamily;
  format: SportFormat;
  /** The sport's colour on its art and cards, `#rrggbb`. */
  colour: string;
}

type Row = [id: number, code: string, en: string, ru: string, ptBr: string, SportFamily, SportFormat, string];

// One row a sport, in id order. A new sport takes the next free id (docs/sport-catalogue.md).
// biome-ignore format: one row a sport reads as a table
const ROWS: Row[] = [
  [66, "soccer", "Soccer", "Футбол", "Futebol", "ball", "match", "#22a35a"],
  [67, "basketball", "Basketball", "Баскетбол", "Basquete", "basketball", "match", "#e8742a"],
  [68, "tennis", "Tennis", "Теннис", "Tênis", "racket", "match", "#c5d936"],
  [69, "ice-hockey", "Ice Hockey", "Хоккей", "Hóquei no gelo", "puck", "match", "#3ba7e0"],
  [70, "volleyball", "Volleyball", "Волейбол", "Vôlei", "volleyball", "match", "#f2c230"],
  [71, "handball", "Handball", "Гандбол", "Handebol", "handball", "match", "#e0483b"],
  [72, "american-football", "American Football", "Американский футбол", "Futebol americano", "oval", "match", "#8a5a2b"],
  [73, "baseball", "Baseball", "Бейсбол", "Beisebol", "bat", "match", "#d43f4f"],
  [74, "table-tennis", "Table Tennis", "Настольный теннис", "Tênis de mesa", "paddle", "match", "#e2463f"],
  [75, "cricket", "Cricket", "Крикет", "Críquete", "bat", "match", "#4fa35b"],
  [76, "rugby-union", "Rugby Union", "Регби-15", "Rugby union", "oval", "match", "#5b7d2e"],
  [77, "rugby-league", "Rugby League", "Регби-13", "Rugby league", "oval", "match", "#6f8f35"],
  [78, "futsal", "Futsal", "Футзал", "Futsal", "ball", "match", "#2e9e8f"],
  [79, "beach-volleyball", "Beach Volleyball", "Пляжный волейбол", "Vôlei de praia", "volleyball", "match", "#f0a830"],
  [80, "badminton", "Badminton", "Бадминтон", "Badminton", "shuttle", "match", "#56b4d3"],
  [81, "darts", "Darts", "Дартс", "Dardos", "target", "match", "#d9363e"],
  [82, "snooker", "Snooker", "Снукер", "Sinuca", "cue", "match", "#1f8a4c"],
  [83, "boxing", "Boxing", "Бокс", "Boxe", "combat", "match", "#c8283a"],
  [84, "mma", "MMA", "ММА", "MMA", "combat", "match", "#b3202f"],
  [85, "golf", "Golf", "Гольф", "Golfe", "golf", "field", "#3f9d4a"],
  [86, "formula-racing", "Formula Racing", "Формульные гонки", "Fórmula", "car", "field", "#e10600"],
  [87, "motorcycle-racing", "Motorcycle Racing", "Мотогонки", "Motociclismo", "motorbike", "field", "#f26a1b"],
  [88, "cycling", "Cycling", "Велоспорт", "Ciclismo", "bike", "field", "#f5c518"],
  [89, "horse-racing", "Horse Racing", "Скачки", "Corrida de cavalos", "horse", "field", "#9b6b3d"],
  [90, "greyhounds", "Greyhounds", "Собачьи бега", "Corrida de galgos", "dog", "field", "#8d7b68"],
  [91, "trotting", "Trotting", "Рысистые бега", "Trote", "horse", "field", "#a07850"],
  [92, "water-polo", "Water Polo", "Водное поло", "Polo aquático", "water", "match", "#1c8fd6"],
  [93, "field-hockey", "Field Hockey", "Хоккей на траве", "Hóquei na grama", "stick", "match", "#2fa36b"],
  [94, "bandy", "Bandy", "Хоккей с мячом", "Bandy", "stick", "match", "#4bb3e6"],
  [95, "floorball", "Floorball", "Флорбол", "Floorball", "stick", "match", "#7a5cd6"],
  [96, "aussie-rules", "Aussie Rules", "Австралийский футбол", "Futebol australiano", "oval", "match", "#c0392b"],
  [97, "gaelic-football", "Gaelic Football", "Гэльский футбол", "Futebol gaélico", "ball", "match", "#2f8f3a"],
  [98, "hurling", "Hurling", "Хёрлинг", "Hurling", "stick", "match", "#9a7b32"],
  [99, "softball", "Softball", "Софтбол", "Softbol", "bat", "match", "#e0b020"],
  [100, "squash", "Squash", "Сквош", "Squash", "racket", "match", "#2a86c9"],
  [101, "padel", "Padel", "Падел", "Padel", "racket", "match", "#1bb0a0"],
  [102, "pool", "Pool", "Пул", "Bilhar", "cue", "match", "#1b6fb5"],
  [103, "chess", "Chess", "Шахматы", "Xadrez", "chess", "match", "#9aa3ad"],
  [104, "netball", "Netball", "Нетбол", "Netball", "basketball", "match", "#d64f9a"],
  [105, "lacrosse", "Lacrosse", "Лакросс", "Lacrosse", "stick", "match", "#3d63c9"],
  [106, "curling", "Curling", "Кёрлинг", "Curling", "winter", "match", "#5aa9d6"],
  [107, "alpine-skiing", "Alpine Skiing", "Горные лыжи", "Esqui alpino", "winter", "field", "#6ec1ea"],
  [108, "biathlon", "Biathlon", "Биатлон", "Biatlo", "winter", "field", "#4a90c2"],
  [109, "cross-country-skiing", "Cross-Country Skiing", "Лыжные гонки", "Esqui cross-country", "winter", "field", "#5fa8d3"],
  [110, "ski-jumping", "Ski Jumping", "Прыжки с трамплина", "Salto de esqui", "winter", "field", "#7ab6e8"],
  [111, "figure-skating", "Figure Skating", "Фигурное катание", "Patinação artística", "winter", "field", "#a78bda"],
  [112, "speed-skating", "Speed Skating", "Конькобежный спорт", "Patinação de velocidade", "winter", "field", "#3f8fd9"],
  [113, "bobsleigh", "Bobsleigh", "Бобслей", "Bobsled", "winter", "field", "#4f7fc2"],
  [114, "luge", "Luge", "Санный спорт", "Luge", "winter", "field", "#5b86c9"],
  [115, "snowboarding", "Snowboarding", "Сноуборд", "Snowboard", "winter", "field", "#58b8d8"],
  [116, "athletics", "Athletics", "Лёгкая атлетика", "Atletismo", "athletics", "field", "#e5533d"],
  [117, "swimming", "Swimming", "Плавание", "Natação", "water", "field", "#1a9be0"],
  [118, "rowing", "Rowing", "Академическая гребля", "Remo", "water", "field", "#2485c4"],
  [119, "canoeing", "Canoeing", "Гребля на байдарках и каноэ", "Canoagem", "water", "field", "#2c97b8"],
  [120, "sailing", "Sailing", "Парусный спорт", "Vela", "water", "field", "#2f7fd0"],
  [121, "surfing", "Surfing", "Сёрфинг", "Surfe", "water", "field", "#17b3c4"],
  [122, "diving", "Diving", "Прыжки в воду", "Saltos ornamentais", "water", "field", "#2aa0e8"],
  [123, "gymnastics", "Gymnastics", "Гимнастика", "Ginástica", "athletics", "field", "#d05ab0"],
  [124, "weightlifting", "Weightlifting", "Тяжёлая атлетика", "Levantamento de peso", "athletics", "field", "#8c6d5a"],
  [125, "wrestling", "Wrestling", "Борьба", "Luta olímpica", "combat", "match", "#b8542e"],
  [126, "judo", "Judo", "Дзюдо", "Judô", "combat", "match", "#3c5aa8"],
  [127, "taekwondo", "Taekwondo", "Тхэквондо", "Taekwondo", "combat", "match", "#c93c4b"],
  [128, "karate", "Karate", "Карате", "Caratê", "combat", "match", "#d1453b"],
  [129, "fencing", "Fencing", "Фехтование", "Esgrima", "combat", "match", "#8e9cb0"],
  [130, "archery", "Archery", "Стрельба из лука", "Tiro com arco", "target", "match", "#d9a521"],
  [131, "shooting", "Shooting", "Стрельба", "Tiro esportivo", "target", "field", "#7d8a96"],
  [132, "triathlon", "Triathlon", "Триатлон", "Triatlo", "athletics", "field", "#2d9cc4"],
  [133, "modern-pentathlon", "Modern Pentathlon", "Современное пятиборье", "Pentatlo moderno", "athletics", "field", "#6b8e3a"],
  [134, "equestrian", "Equestrian", "Конный спорт", "Hipismo", "horse", "field", "#8b5e3c"],
  [135, "skateboarding", "Skateboarding", "Скейтбординг", "Skate", "athletics", "field", "#e0663a"],
  [136, "sport-climbing", "Sport Climbing", "Скалолазание", "Escalada esportiva", "athletics", "field", "#c07a3a"],
  [137, "bmx", "BMX", "BMX", "BMX", "bike", "field", "#e8542f"],
  [138, "mountain-bike", "Mountain Bike", "Маунтинбайк", "Mountain bike", "bike", "field", "#7a8f2e"],
  [139, "kickboxing", "Kickboxing", "Кикбоксинг", "Kickboxing", "combat", "match", "#c4302b"],
  [140, "muay-thai", "Muay Thai", "Тайский бокс", "Muay thai", "combat", "match", "#d13b2f"],
  [141, "sumo", "Sumo", "Сумо", "Sumô", "combat", "match", "#a4513a"],
  [142, "rally", "Rally", "Ралли", "Rali", "car", "field", "#d9822b"],
  [143, "stock-car-racing", "Stock Car Racing", "Сток-кар", "Stock car", "car", "field", "#e6b422"],
  [144, "speedway", "Speedway", "Спидвей", "Speedway", "motorbike", "field", "#b5652b"],
  [145, "e-sports-plus", "E-Sports Plus", "Киберспорт+", "E-Sports Plus", "controller", "match", "#8a4dff"],
  [146, "e-football", "E-Football", "Кибер-футбол", "E-Futebol", "controller", "match", "#3fbf7f"],
  [147, "e-basketball", "E-Basketball", "Кибер-баскетбол", "E-Basquete", "controller", "match", "#ff8a3d"],
  [148, "e-hockey", "E-Hockey", "Кибер-хоккей", "E-Hóquei", "controller", "match", "#4cb8ff"],
  [149, "e-tennis", "E-Tennis", "Кибер-теннис", "E-Tênis", "controller", "match", "#c9e04a"],
  [150, "e-sports", "E-Sports", "Киберспорт", "E-Sports", "controller", "match", "#b04dff"],
  [151, "specials", "Specials", "Спецставки", "Especiais", "trophy", "field", "#d4af37"],
  [152, "boosted-odds", "Boosted Odds", "Повышенные коэффициенты", "Odds turbinadas", "boost", "match", "#ffb020"],
  [153, "lotteries", "Lotteries", "Лотереи", "Loterias", "lottery", "field", "#e84393"],
  [154, "virtual-soccer", "Virtual Soccer", "Виртуальный футбол", "Futebol virtual", "ball", "match", "#00c2a8"],
  [155, "virtual-horse-racing", "Virtual Horse Racing", "Виртуальные скачки", "Corrida de cavalos virtual", "horse", "field", "#c08a4a"],
  [156, "tv-and-entertainment", "TV and Entertainment", "Шоу и ТВ", "TV e entretenimento", "trophy", "field", "#c04de0"],
  [157, "kabaddi", "Kabaddi", "Кабадди", "Kabaddi", "handball", "match", "#e0752f"],
  [158, "sepak-takraw", "Sepak Takraw", "Сепактакрау", "Sepak takraw", "volleyball", "match", "#d8b23a"],
  [159, "pesapallo", "Pesäpallo", "Песапалло", "Pesäpallo", "bat", "match", "#2b6cc4"],
  [160, "bowls", "Bowls", "Боулз", "Bocha", "target", "match", "#5f9e4a"],
  [161, "bowling", "Bowling", "Боулинг", "Boliche", "target", "match", "#9d4edd"],
  [162, "beach-soccer", "Beach Soccer", "Пляжный футбол", "Futebol de areia", "ball", "match", "#e0a43a"],
  [163, "basketball-3x3", "Basketball 3x3", "Баскетбол 3x3", "Basquete 3x3", "basketball", "match", "#f06a2a"],
  [164, "rugby-sevens", "Rugby Sevens", "Регби-7", "Rugby sevens", "oval", "match", "#4f8f3a"],
  [165, "motocross", "Motocross", "Мотокросс", "Motocross", "motorbike", "field", "#d96a1e"],
  [166, "powerboating", "Powerboating", "Водно-моторный спорт", "Motonáutica", "water", "field", "#1f78c8"],
  [167, "poker", "Poker", "Покер", "Pôquer", "trophy", "field", "#2e8b57"],
  [168, "beach-handball", "Beach Handball", "Пляжный гандбол", "Handebol de praia", "handball", "match", "#f08a3a"],
  [169, "sim-racing", "Sim Racing", "Симрейсинг", "Sim racing", "controller", "field", "#ff4d6d"],
  [170, "rink-hockey", "Rink Hockey", "Хоккей на роликах", "Hóquei em patins", "stick", "match", "#3a8fd0"],
  [171, "korfball", "Korfball", "Корфбол", "Korfebol", "basketball", "match", "#e36d2e"],
  [172, "freestyle-skiing", "Freestyle Skiing", "Фристайл", "Esqui estilo livre", "winter", "field", "#63b6e6"],
  [173, "short-track", "Short Track", "Шорт-трек", "Patinação de pista curta", "winter", "field", "#4a9be0"],
  [174, "nordic-combined", "Nordic Combined", "Лыжное двоеборье", "Combinado nórdico", "winter", "field", "#5596cf"],
  [175, "skeleton", "Skeleton", "Скелетон", "Skeleton", "winter", "field", "#6a8fc8"],
  [176, "marathon", "Marathon", "Марафон", "Maratona", "athletics", "field", "#e0603a"],
  [177, "breaking", "Breaking", "Брейкинг", "Breaking", "athletics", "match", "#ff5fa2"],
  [178, "arm-wrestling", "Arm Wrestling", "Армрестлинг", "Queda de braço", "combat", "match", "#b0483a"],
  [179, "strongman", "Strongman", "Стронгмен", "Strongman", "athletics", "field", "#8a5a3a"],
];

export const SPORTS: readonly SportDefinition[] = ROWS.map(
  ([id, code, en, ru, ptBr, family, format, colour]) => ({
    id,
    code,
    name: { en, ru, "pt-br": ptBr },
    family,
    format,
    colour,
  }),
);

const byId = new Map(SPORTS.map((s) => [s.id, s]));
const byCode = new Map(SPORTS.map((s) => [s.code, s]));

export function sportDefinition(id: number): SportDefinition | undefined {
  return byId.get(id);
}

/** A sport by its code, or by its id written as digits ("66"), as the /altenar-data file names allow. */
export function sportDefinitionByCode(codeOrId: string): SportDefinition | undefined {
  const key = codeOrId.toLowerCase();
  return byCode.get(key) ?? (/^\d+$/.test(key) ? byId.get(Number(key)) : undefined);
}
