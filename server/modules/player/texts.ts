import { DEFAULT_LOCALE, isSiteLocale, type SiteLocale } from "#common/i18n/locales";

/**
 * What the accounts module says in its own words: the e-mails and SMS it sends and the errors that are not a
 * field rule's (those come from the content's fields-settings). English is complete; a missing translation
 * falls back to it.
 */
const EN = {
  smsCode: "Lucky Harbor code: {code}. It is valid for 10 minutes. Never share it.",
  emailCodeSubject: "Your Lucky Harbor code",
  emailCodeText:
    "Your code to confirm the password change is {code}.\n\nIt is valid for 10 minutes. If you did not ask for it, you can ignore this e-mail; your password stays as it is.",
  resetSubject: "Reset your Lucky Harbor password",
  resetText:
    "Someone asked to reset the password of your Lucky Harbor account.\n\nTo choose a new password, open this link within 30 minutes:\n{link}\n\nIf it was not you, ignore this e-mail; your password stays as it is.",
  verifySubject: "Confirm your e-mail for Lucky Harbor",
  verifyText:
    "Welcome to Lucky Harbor!\n\nConfirm your e-mail address by opening this link:\n{link}\n\nThe link is valid for 24 hours.",
  badCredentials: "Wrong login or password",
  emailTaken: "This e-mail is already registered",
  phoneTaken: "This phone number is already registered",
  commonPassword: "This password is too common. Choose one that is harder to guess",
  wrongCode: "The code is wrong or has expired",
  wrongCurrentPassword: "The current password is wrong",
  badResetCode: "The link is wrong or has expired. Ask for a new one",
  badLoginToken: "The login link is wrong or has expired",
  tooMany: "Too many attempts. Please try again in {seconds} seconds",
  unknownCurrency: "This currency is not available",
  unknownCountry: "Registration from this country is not available",
  unknownLanguage: "This language is not available",
  unknownTimeZone: "This time zone is not known",
  unknownAvatar: "No such avatar",
  noEmail: "Add an e-mail address to your profile first",
  alreadyVerified: "This e-mail is already confirmed",
  codeRequired: "Enter the code we sent you",
  required: "Value is required",
  bonusCodeIncorrect: "This bonus code is not correct",
  bonusCodeNotAvailable: "This bonus code is not available",
  cpfTaken: "This CPF is already registered",
  unknownNationality: "Choose a country from the list",
  setOnce: "This can no longer be changed here. Contact support to correct it",
  questionFirst: "Choose a security question first",
  formRefused: "The form could not be sent",
};

export type TextKey = keyof typeof EN;

const TEXTS: Record<SiteLocale, Partial<Record<TextKey, string>>> = {
  en: EN,
  ru: {
    smsCode: "Код Lucky Harbor: {code}. Действует 10 минут. Никому его не сообщайте.",
    emailCodeSubject: "Ваш код Lucky Harbor",
    emailCodeText:
      "Ваш код для подтверждения смены пароля: {code}.\n\nОн действует 10 минут. Если вы его не запрашивали, просто проигнорируйте это письмо — пароль останется прежним.",
    resetSubject: "Сброс пароля Lucky Harbor",
    resetText:
      "Кто-то запросил сброс пароля вашего аккаунта Lucky Harbor.\n\nЧтобы задать новый пароль, откройте ссылку в течение 30 минут:\n{link}\n\nЕсли это были не вы, проигнорируйте письмо — пароль останется прежним.",
    verifySubject: "Подтвердите e-mail для Lucky Harbor",
    verifyText:
      "Добро пожаловать в Lucky Harbor!\n\nПодтвердите адрес электронной почты, открыв ссылку:\n{link}\n\nСсылка действует 24 часа.",
    badCredentials: "Неверный логин или пароль",
    emailTaken: "Этот e-mail уже зарегистрирован",
    phoneTaken: "Этот номер телефона уже зарегистрирован",
    commonPassword: "Этот пароль слишком распространён. Выберите более сложный",
    wrongCode: "Код неверный или устарел",
    wrongCurrentPassword: "Текущий пароль указан неверно",
    badResetCode: "Ссылка неверна или устарела. Запросите новую",
    badLoginToken: "Ссылка для входа неверна или устарела",
    tooMany: "Слишком много попыток. Повторите через {seconds} с",
    unknownCurrency: "Эта валюта недоступна",
    unknownCountry: "Регистрация из этой страны недоступна",
    unknownLanguage: "Этот язык недоступен",
    unknownTimeZone: "Неизвестный часовой пояс",
    unknownAvatar: "Такого аватара нет",
    noEmail: "Сначала добавьте e-mail в профиль",
    alreadyVerified: "Этот e-mail уже подтверждён",
    codeRequired: "Введите код, который мы отправили",
    required: "Обязательное поле",
    cpfTaken: "Этот CPF уже зарегистрирован",
    unknownNationality: "Выберите страну из списка",
    setOnce: "Это поле больше нельзя изменить здесь. Чтобы исправить его, напишите в поддержку",
    questionFirst: "Сначала выберите контрольный вопрос",
    formRefused: "Не удалось отправить форму",
  },
  "pt-br": {
    smsCode: "Código Lucky Harbor: {code}. Válido por 10 minutos. Não o compartilhe.",
    emailCodeSubject: "Seu código Lucky Harbor",
    emailCodeText:
      "Seu código para confirmar a troca de senha é {code}.\n\nEle vale por 10 minutos. Se você não o pediu, ignore este e-mail; sua senha continua a mesma.",
    resetSubject: "Redefina sua senha Lucky Harbor",
    resetText:
      "Alguém pediu para redefinir a senha da sua conta Lucky Harbor.\n\nPara escolher uma nova senha, abra este link em até 30 minutos:\n{link}\n\nSe não foi você, ignore este e-mail; sua senha continua a mesma.",
    verifySubject: "Confirme seu e-mail na Lucky Harbor",
    verifyText:
      "Boas-vindas à Lucky Harbor!\n\nConfirme seu endereço de e-mail abrindo este link:\n{link}\n\nO link vale por 24 horas.",
    badCredentials: "Login ou senha incorretos",
    emailTaken: "Este e-mail já está cadastrado",
    phoneTaken: "Este telefone já está cadastrado",
    commonPassword: "Esta senha é comum demais. Escolha uma mais difícil de adivinhar",
    wrongCode: "O código está errado ou expirou",
    wrongCurrentPassword: "A senha atual está errada",
    badResetCode: "O link está errado ou expirou. Peça um novo",
    badLoginToken: "O link de acesso está errado ou expirou",
    tooMany: "Muitas tentativas. Tente de novo em {seconds} segundos",
    unknownCurrency: "Esta moeda não está disponível",
    unknownCountry: "O cadastro a partir deste país não está disponível",
    unknownLanguage: "Este idioma não está disponível",
    unknownTimeZone: "Fuso horário desconhecido",
    unknownAvatar: "Avatar inexistente",
    noEmail: "Adicione primeiro um e-mail ao seu perfil",
    alreadyVerified: "Este e-mail já está confirmado",
    codeRequired: "Digite o código que enviamos",
    required: "Campo obrigatório",
    cpfTaken: "Este CPF já está cadastrado",
    unknownNationality: "Escolha um país da lista",
    setOnce: "Este dado não pode mais ser alterado aqui. Fale com o suporte para corrigi-lo",
    questionFirst: "Escolha primeiro uma pergunta de segurança",
    formRefused: "Não foi possível enviar o formulário",
  },
};

/** A text in the locale (falling back to English) with its {placeholders} filled. */
export function text(locale: string | undefined, key: TextKey, values: Record<string, string | number> = {}) {
  const l: SiteLocale = locale && isSiteLocale(locale) ? locale : DEFAULT_LOCALE;
  const template = TEXTS[l][key] ?? EN[key];
  return template.replace(/\{(\w+)\}/g, (whole, k: string) => (k in values ? String(values[k]) : whole));
}
