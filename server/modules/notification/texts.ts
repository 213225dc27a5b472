/**
 * The texts of system messages and pushes, by locale (en, ru, pt-br like the site's content). `{name}` is
 * replaced with the value of the same name. A locale not listed reads English.
 */
export type TextKey =
  | "deposit"
  | "withdrawal"
  | "withdrawalFailed"
  | "bonusIssued"
  | "bonusActive"
  | "bonusConverted"
  | "levelReached"
  | "documentApproved"
  | "documentDeclined"
  | "questCompleted";

type Texts = Record<TextKey, { title: string; body: string }>;

const en: Texts = {
  deposit: { title: "Deposit received", body: "{amount} is on your balance. Good luck!" },
  withdrawal: { title: "Withdrawal completed", body: "{amount} has been sent to you." },
  withdrawalFailed: {
    title: "Withdrawal not completed",
    body: "Your withdrawal of {amount} did not go through; the money is back on your balance.",
  },
  bonusIssued: { title: "Bonus received", body: "A bonus of {amount} is waiting for you in your bonuses." },
  bonusActive: {
    title: "Bonus active",
    body: "Your bonus of {amount} is active: it is on your bonus balance and its wagering has started.",
  },
  bonusConverted: { title: "Bonus wagered", body: "{amount} of your bonus became real money." },
  levelReached: {
    title: "New level: {name}",
    body: "You reached level {order}, {name}. Its rewards are yours.",
  },
  documentApproved: { title: "Document approved", body: "Your document has been checked and approved." },
  documentDeclined: {
    title: "Document declined",
    body: "Your document could not be accepted. Please upload it again.",
  },
  questCompleted: { title: "Quest completed", body: "You completed a quest. Its rewards are yours." },
};

const ru: Texts = {
  deposit: { title: "Депозит зачислен", body: "{amount} на вашем балансе. Удачи!" },
  withdrawal: { title: "Вывод выполнен", body: "{amount} отправлено вам." },
  withdrawalFailed: {
    title: "Вывод не выполнен",
    body: "Вывод {amount} не прошёл; деньги вернулись на баланс.",
  },
  bonusIssued: { title: "Бонус получен", body: "Бонус {amount} ждёт вас в разделе бонусов." },
  bonusActive: {
    title: "Бонус активен",
    body: "Ваш бонус {amount} активен: он на бонусном балансе, отыгрыш начался.",
  },
  bonusConverted: { title: "Бонус отыгран", body: "{amount} бонуса стали реальными деньгами." },
  levelReached: {
    title: "Новый уровень: {name}",
    body: "Вы достигли уровня {order}, {name}. Его награды ваши.",
  },
  documentApproved: { title: "Документ принят", body: "Ваш документ проверен и принят." },
  documentDeclined: {
    title: "Документ отклонён",
    body: "Ваш документ не удалось принять. Пожалуйста, загрузите его снова.",
  },
  questCompleted: { title: "Квест выполнен", body: "Вы выполнили квест. Его награды ваши." },
};

const ptBr: Texts = {
  deposit: { title: "Depósito recebido", body: "{amount} já está no seu saldo. Boa sorte!" },
  withdrawal: { title: "Saque concluído", body: "{amount} foi enviado para você." },
  withdrawalFailed: {
    title: "Saque não concluído",
    body: "Seu saque de {amount} não foi concluído; o dinheiro voltou ao seu saldo.",
  },
  bonusIssued: {
    title: "Bônus recebido",
    body: "Um bônus de {amount} está esperando por você nos seus bônus.",
  },
  bonusActive: {
    title: "Bônus ativo",
    body: "Seu bônus de {amount} está ativo: ele está no seu saldo de bônus e o rollover começou.",
  },
  bonusConverted: { title: "Bônus apostado", body: "{amount} do seu bônus virou dinheiro real." },
  levelReached: {
    title: "Novo nível: {name}",
    body: "Você alcançou o nível {order}, {name}. As recompensas são suas.",
  },
  documentApproved: { title: "Documento aprovado", body: "Seu documento foi verificado e aprovado." },
  documentDeclined: {
    title: "Documento recusado",
    body: "Não foi possível aceitar seu documento. Envie-o novamente.",
  },
  questCompleted: { title: "Missão concluída", body: "Você concluiu uma missão. As recompensas são suas." },
};

const byLocale: Record<string, Texts> = { en, ru, "pt-br": ptBr };

/** The locale a player's texts are written in: their language when we have it, else English. */
export function textLocale(language: string | null | undefined): string {
  const l = (language ?? "en").toLowerCase();
  if (byLocale[l]) return l;
  const base = l.split("-")[0]!;
  if (byLocale[base]) return base;
  return l === "pt" ? "pt-br" : "en";
}

export function text(
  locale: string,
  key: TextKey,
  values: Record<string, string | number>,
): { title: string; body: string } {
  const t = (byLocale[textLocale(locale)] ?? en)[key];
  const fill = (s: string) => s.replace(/\{(\w+)\}/g, (m, name: string) => String(values[name] ?? m));
  return { title: fill(t.title), body: fill(t.body) };
}

/** An amount and its currency as a player reads it: `1,234.5 USD` (en), `1 234,5 USD` (ru); never through a float. */
export function formatAmount(locale: string, amount: string, currency: string): string {
  const intlLocale = textLocale(locale) === "pt-br" ? "pt-BR" : textLocale(locale);
  const format = new Intl.NumberFormat(intlLocale, { maximumFractionDigits: 8 });
  // Intl formats a decimal string exactly (no float on the way).
  return `${format.format(amount as Intl.StringNumericLiteral)} ${currency}`;
}
