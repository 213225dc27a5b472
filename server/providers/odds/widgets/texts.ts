import { formatDecimal, moneyFormatOptions } from "#common/money-format";
import { siteIntlOfCulture } from "#common/sport/culture";

/** The widgets' words by culture language; English when a language is missing (names come from the API). */
const EN = {
  overview: "Sports",
  topEvents: "Top events",
  liveNow: "Live now",
  allSports: "All sports",
  live: "Live",
  upcoming: "Upcoming",
  today: "Today",
  tomorrow: "Tomorrow",
  markets: "markets",
  back: "Back",
  noEvents: "No events right now. New matches are added all the time.",
  noLive: "No live matches right now.",
  loadFailed: "Could not load the sportsbook. Try again.",
  retry: "Try again",
  eventOver: "This event is over.",
  suspended: "Suspended",
  betslip: "Bet slip",
  myBets: "My bets",
  single: "Single",
  combo: "Combo",
  system: "System",
  stake: "Stake",
  totalStake: "Total stake",
  totalOdds: "Total odds",
  potentialWin: "Potential win",
  placeBet: "Place bet",
  placeBets: "Place {n} bets",
  placing: "Placing…",
  pending: "Waiting for the bookmaker to confirm your live bet…",
  accepted: "Bet accepted. Good luck!",
  rejected: "The bet was not accepted: {reason}",
  emptySlip: "Pick odds to build your bet.",
  clearAll: "Clear all",
  signInToBet: "Sign in to place a bet",
  oddsPolicy: "When odds change",
  policyNone: "Ask me",
  policyHigher: "Accept higher",
  policyAny: "Accept any",
  oddsChanged: "Odds changed — accept new prices",
  acceptPrices: "Accept new prices",
  marketSuspended: "Market suspended — remove it or wait",
  sameEvent: "Combos need selections from different events",
  needTwo: "Add at least two selections",
  needThree: "A system bet needs at least three selections",
  systemOf: "{k} of {n}",
  combinations: "{n} combinations",
  remove: "Remove",
  open: "Open",
  settled: "Settled",
  noOpenBets: "No open bets.",
  noSettledBets: "No settled bets yet.",
  cashOut: "Cash out {amount}",
  cashOutConfirm: "Confirm {amount}",
  cashOutChanged: "The cash-out value changed. Check the new offer.",
  cashOutUnavailable: "Cash-out is not available right now.",
  cashedOut: "Cashed out",
  payout: "Payout",
  status_pending: "Pending",
  status_open: "Open",
  status_won: "Won",
  status_lost: "Lost",
  status_void: "Void",
  status_half_won: "Half won",
  status_half_lost: "Half lost",
  status_cashed_out: "Cashed out",
  status_rejected: "Rejected",
  refusal_odds_changed: "The odds have changed.",
  refusal_market_suspended: "A market is suspended.",
  refusal_event_not_available: "An event is no longer available.",
  refusal_stake_too_low: "The stake is too low.",
  refusal_stake_too_high: "The stake is too high.",
  refusal_payout_too_high: "The potential win is above the maximum.",
  refusal_selections_incompatible: "These selections cannot be combined.",
  refusal_insufficient_funds: "Not enough money on your balance.",
  refusal_unknown: "The bet could not be placed. Try again.",
  sessionExpired: "Your session ended. Sign in again to bet.",
  draw: "Draw",
};
export type TextKey = keyof typeof EN;
export const isTextKey = (key: string): key is TextKey => key in EN;
type Dictionary = Partial<Record<TextKey, string>>;

const RU: Dictionary = {
  overview: "Спорт",
  topEvents: "Топ события",
  liveNow: "Сейчас в лайве",
  allSports: "Все виды спорта",
  live: "Лайв",
  upcoming: "Скоро",
  today: "Сегодня",
  tomorrow: "Завтра",
  markets: "рынков",
  back: "Назад",
  noEvents: "Сейчас нет событий.",
  noLive: "Сейчас нет матчей в лайве.",
  loadFailed: "Не удалось загрузить спорт. Попробуйте ещё раз.",
  retry: "Повторить",
  suspended: "Приостановлено",
  betslip: "Купон",
  myBets: "Мои ставки",
  single: "Ординар",
  combo: "Экспресс",
  system: "Система",
  stake: "Ставка",
  totalOdds: "Общий коэффициент",
  potentialWin: "Возможный выигрыш",
  placeBet: "Сделать ставку",
  placing: "Ставка…",
  accepted: "Ставка принята. Удачи!",
  emptySlip: "Выберите коэффициенты, чтобы собрать ставку.",
  clearAll: "Очистить",
  signInToBet: "Войдите, чтобы сделать ставку",
  oddsChanged: "Коэффициенты изменились — принять новые",
  acceptPrices: "Принять новые",
  marketSuspended: "Рынок приостановлен",
  open: "Открытые",
  settled: "Рассчитанные",
  cashOut: "Кэшаут {amount}",
  draw: "Ничья",
  // The same words as the site's bet history (content/ru/layout.json sports.bets.statuses).
  status_pending: "Ожидает",
  status_open: "Открыта",
  status_won: "Выиграла",
  status_lost: "Проиграла",
  status_void: "Возврат",
  status_half_won: "Выиграла наполовину",
  status_half_lost: "Проиграла наполовину",
  status_cashed_out: "Выкуплена",
  status_rejected: "Отклонена",
};

const PT: Dictionary = {
  overview: "Esportes",
  topEvents: "Principais eventos",
  liveNow: "Ao vivo agora",
  allSports: "Todos os esportes",
  live: "Ao vivo",
  today: "Hoje",
  tomorrow: "Amanhã",
  back: "Voltar",
  betslip: "Cupom",
  myBets: "Minhas apostas",
  single: "Simples",
  combo: "Múltipla",
  system: "Sistema",
  stake: "Valor",
  potentialWin: "Ganho potencial",
  placeBet: "Apostar",
  accepted: "Aposta aceita. Boa sorte!",
  emptySlip: "Escolha odds para montar sua aposta.",
  signInToBet: "Entre para apostar",
  oddsChanged: "As odds mudaram — aceitar novos preços",
  acceptPrices: "Aceitar novos preços",
  cashOut: "Cash out {amount}",
  draw: "Empate",
  // The same words as the site's bet history (content/pt-br/layout.json sports.bets.statuses).
  status_pending: "Pendente",
  status_open: "Aberta",
  status_won: "Ganha",
  status_lost: "Perdida",
  status_void: "Anulada",
  status_half_won: "Meio ganha",
  status_half_lost: "Meio perdida",
  status_cashed_out: "Encerrada",
  status_rejected: "Rejeitada",
};

const BY_LANGUAGE: Record<string, Dictionary> = { ru: RU, pt: PT };

export type Translate = (key: TextKey, vars?: Record<string, string | number>) => string;

export function textsFor(culture: string): Translate {
  const dict = BY_LANGUAGE[culture.slice(0, 2).toLowerCase()] ?? {};
  return (key, vars) => {
    let text = dict[key] ?? EN[key];
    if (vars) for (const [k, v] of Object.entries(vars)) text = text.replace(`{${k}}`, String(v));
    return text;
  };
}

/**
 * Money as the site writes it (common/money-format.ts): the site locale's Intl tag for the widget's culture,
 * the same options, from the decimal string; odds through Intl in the widget's culture.
 */
export function formatMoney(culture: string, amount: string, currency: string): string {
  const locale = siteIntlOfCulture(culture);
  try {
    return formatDecimal(new Intl.NumberFormat(locale, moneyFormatOptions(2, currency)), amount);
  } catch {
    // A crypto or house currency Intl does not know: the number and the code.
    return `${formatDecimal(new Intl.NumberFormat(locale, moneyFormatOptions(8)), amount)} ${currency}`;
  }
}

export function formatOdds(culture: string, odds: string): string {
  return new Intl.NumberFormat(culture, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
    Number(odds),
  );
}

export function formatKickoff(culture: string, iso: string, t: Translate, now = new Date()): string {
  const at = new Date(iso);
  const time = new Intl.DateTimeFormat(culture, { hour: "2-digit", minute: "2-digit" }).format(at);
  const day = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
  const diff = Math.round((day(at) - day(now)) / 86_400_000);
  if (diff === 0) return `${t("today")} ${time}`;
  if (diff === 1) return `${t("tomorrow")} ${time}`;
  return `${new Intl.DateTimeFormat(culture, { day: "numeric", month: "short" }).format(at)} ${time}`;
}
