import { readdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { CONTENT_DIRECTORIES } from "#common/api/content";
import type { SiteLocale } from "#common/i18n/locales";
import { type BannerFacts, ContentService } from "./service";
import { ContentStore } from "./store";

/**
 * The site's own texts (content/) say only what is true of the configuration they are served under: the minimum
 * age, who is verified and when, and where withdrawals go. Each configuration's facts are what bannerFacts
 * (index.ts) derives from it, written out here so that the test needs no database.
 */
const ROOT = resolve("content");
const LOCALES: SiteLocale[] = ["en", "ru", "pt-br"];
const INTL: Record<SiteLocale, string> = { en: "en-US", ru: "ru-RU", "pt-br": "pt-BR" };
/** A base-currency figure as bannerFacts formats it in the locale. */
const figure = (locale: SiteLocale, amount: string) =>
  `${new Intl.NumberFormat(INTL[locale], { maximumFractionDigits: 2 }).format(amount as `${number}`)} USD`;

const SWITCHES = { loyalty: true, sports: true, welcomePackage: false };
const OFF = {
  identityVerification: false,
  verifyBeforeFirstWithdrawal: false,
  verifyLargeWithdrawals: false,
  verifyAboveDeposits: false,
  withdrawalsToSource: false,
};

/** The defaults: production (identity verification off) and development (the sandbox on, no rule using it). */
const productionDefault = (): BannerFacts => ({
  features: { ...SWITCHES, ...OFF },
  values: { minAge: "18" },
});
const developmentDefault = (): BannerFacts => ({
  features: { ...SWITCHES, ...OFF, identityVerification: true },
  values: { minAge: "18" },
});
/**
 * IDENTITY_VERIFICATION=sandbox, WITHDRAWAL_VERIFICATION_THRESHOLD=0, DEPOSIT_VERIFICATION_THRESHOLD=2000,
 * WITHDRAWALS_TO_SOURCE=true, MIN_AGE=21.
 */
const strict = (locale: SiteLocale): BannerFacts => ({
  features: {
    ...SWITCHES,
    identityVerification: true,
    verifyBeforeFirstWithdrawal: true,
    verifyLargeWithdrawals: false,
    verifyAboveDeposits: true,
    withdrawalsToSource: true,
  },
  values: { minAge: "21", depositVerificationAbove: figure(locale, "2000") },
});
/** WITHDRAWAL_VERIFICATION_THRESHOLD=1000 alone: only large withdrawals need a verified identity. */
const largeWithdrawals = (locale: SiteLocale): BannerFacts => ({
  features: { ...SWITCHES, ...OFF, identityVerification: true, verifyLargeWithdrawals: true },
  values: { minAge: "18", withdrawalVerificationAbove: figure(locale, "1000") },
});

interface Claims {
  firstWithdrawal: string[];
  depositThreshold: string[];
  toSource: string[];
  /** The identity-verification partner's selfie check, offered only while identity verification is on. */
  partner: string[];
  age: (n: string) => string[];
}

/** The phrases our texts use for each claim, per language (lower case, as rendered, tags stripped). */
const CLAIMS: Record<SiteLocale, Claims> = {
  en: {
    firstWithdrawal: [
      "before your first withdrawal",
      "before their first withdrawal",
      "first withdrawal needs",
    ],
    depositThreshold: ["deposits add up to more than", "total deposits pass"],
    toSource: ["a method you have deposited with", "where your money came from"],
    partner: ["verification partner"],
    age: (n) => [
      `"agebadge":"${n}+"`,
      `you must be ${n} or older`,
      `at least ${n} years old`,
      `nobody under ${n}`,
      `aged ${n} and over`,
    ],
  },
  ru: {
    firstWithdrawal: ["перед первым выводом", "для первого вывода"],
    depositThreshold: ["сумма ваших депозитов превы"],
    toSource: ["способом, которым вы пополняли счёт", "тем же способом, каким были внесены деньги"],
    partner: ["партнёр по верификации", "партнёру по верификации", "селфи у нашего партнёра"],
    age: (n) => [
      `"agebadge":"${n}+"`,
      `достижении ${n}-летнего возраста`,
      `достичь ${n}-летнего возраста`,
      `мне исполнилось ${n},`,
      `только ${n}+`,
    ],
  },
  "pt-br": {
    firstWithdrawal: ["antes do seu primeiro saque", "antes do primeiro saque", "o primeiro saque exige"],
    depositThreshold: ["seus depósitos somarem mais de", "total dos seus depósitos passa de"],
    toSource: ["que você já usou para depositar", "voltam para o método de onde veio o dinheiro"],
    partner: ["parceiro de verificação", "pelo nosso parceiro", "com nosso parceiro"],
    age: (n) => [
      `"agebadge":"${n}+"`,
      `ter ${n} anos ou mais`,
      `pelo menos ${n} anos`,
      `menores de ${n} anos`,
      `maiores de ${n} anos`,
    ],
  },
};

/** Claims the texts once made that are untrue under any configuration (TLS is not end to end; the database disk is the operator's). */
const NEVER: Record<SiteLocale, string[]> = {
  en: [
    "end to end",
    "at rest",
    "256-bit",
    "eur 2,000",
    "name that differs",
    "documents in profile → personal",
  ],
  ru: [
    "сквозным шифрованием",
    "при передаче и хранении",
    "256-бит",
    "2 000 евро",
    "на другое имя",
    "загрузить в разделе профиль → личные данные",
  ],
  "pt-br": [
    "de ponta a ponta",
    "em repouso",
    "256 bits",
    "2.000 euros",
    "nome diferente",
    "documentos em perfil → dados pessoais",
  ],
};

/** Every text the site serves in a locale, by where it comes from: pages, questions, dictionaries, home, help. */
async function render(locale: SiteLocale, facts: BannerFacts): Promise<Map<string, string>> {
  const service = new ContentService(new ContentStore(ROOT, Date.now), async () => facts);
  const out = new Map<string, string>();
  const names = (l: string, dir: string) => {
    try {
      return readdirSync(join(ROOT, l, dir)).filter((n) => n.endsWith(".md"));
    } catch {
      return [];
    }
  };
  for (const name of new Set([...names("en", "pages"), ...names(locale, "pages")])) {
    const id = name.slice(0, -3);
    out.set(`page ${id}`, (await service.page(id, locale)).html);
  }
  for (const category of (await service.questions(locale)).categories)
    for (const q of category.questions) {
      const full = await service.question(q.identity, locale);
      out.set(`question ${q.identity}`, `${full.excerpt}\n${full.html}`);
    }
  for (const d of CONTENT_DIRECTORIES)
    out.set(`dictionary ${d}`, JSON.stringify(await service.directory(d, locale)));
  out.set("home", JSON.stringify(await service.home(locale)));
  out.set("help", JSON.stringify(await service.help(locale)));
  return out;
}

/** What a reader sees: tags dropped, the entities marked writes decoded, lower case. */
const plain = (text: string) =>
  text
    .replace(/<(?!!--)[^>]+>/g, "")
    .replaceAll("&#39;", "'")
    .replaceAll("&quot;", '"')
    .replaceAll("&amp;", "&")
    .toLowerCase();

const FACT_NAMES = ["minAge", "withdrawalVerificationAbove", "depositVerificationAbove"];

/** Where each phrase occurs: `[source, phrase]` pairs. */
function find(texts: Map<string, string>, phrases: string[]): string[][] {
  const hits: string[][] = [];
  for (const [source, text] of texts)
    for (const p of phrases) if (plain(text).includes(p.toLowerCase())) hits.push([source, p]);
  return hits;
}

function expectFilled(texts: Map<string, string>) {
  for (const [source, text] of texts) {
    expect(text, source).not.toContain("<!--");
    expect(text, source).not.toContain("-->");
    for (const name of FACT_NAMES) expect(text, source).not.toContain(`{${name}}`);
    // A list item whose whole line a block dropped must not leave an empty bullet.
    expect(text, source).not.toMatch(/<li>\s*<\/li>/);
  }
}

describe.each(LOCALES)("the site's texts in %s", (locale) => {
  const claims = CLAIMS[locale];

  for (const [config, facts] of [
    ["production default", productionDefault()],
    ["development default", developmentDefault()],
  ] as const)
    it(`claim nothing the ${config} does not do`, async () => {
      const texts = await render(locale, facts);
      expectFilled(texts);
      expect(find(texts, claims.firstWithdrawal)).toEqual([]);
      expect(find(texts, claims.depositThreshold)).toEqual([]);
      expect(find(texts, claims.toSource)).toEqual([]);
      expect(find(texts, NEVER[locale])).toEqual([]);
      if (!facts.features.identityVerification) expect(find(texts, claims.partner)).toEqual([]);
      // Every age the texts state is 18.
      for (const phrase of claims.age("18")) expect(find(texts, [phrase]), phrase).not.toEqual([]);
      expect(find(texts, claims.age("21"))).toEqual([]);
    });

  it("name the strict configuration's rules: age 21, the deposit threshold, the first withdrawal, the source", async () => {
    const facts = strict(locale);
    const texts = await render(locale, facts);
    expectFilled(texts);
    expect(find(texts, NEVER[locale])).toEqual([]);
    for (const phrase of claims.age("21")) expect(find(texts, [phrase]), phrase).not.toEqual([]);
    expect(find(texts, claims.age("18"))).toEqual([]);
    const at = (source: string, phrases: string[]) =>
      expect(find(new Map([[source, texts.get(source)!]]), phrases), source).not.toEqual([]);
    const threshold = facts.values.depositVerificationAbove!;
    for (const source of ["page terms", "page kyc-aml", "question verify-identity"]) {
      at(source, claims.firstWithdrawal);
      at(source, claims.depositThreshold);
      at(source, [threshold]);
    }
    at("question withdrawal-time", claims.firstWithdrawal);
    for (const source of ["page terms", "question withdrawal-time", "dictionary layout"])
      at(source, claims.toSource);
    at("page terms", ["21"]);
    at("page kyc-aml", claims.partner);
  });

  it("name a large-withdrawal threshold alone, without a first-withdrawal rule", async () => {
    const facts = largeWithdrawals(locale);
    const texts = await render(locale, facts);
    expectFilled(texts);
    for (const source of [
      "page terms",
      "page kyc-aml",
      "question verify-identity",
      "question withdrawal-time",
    ])
      expect(
        find(new Map([[source, texts.get(source)!]]), [facts.values.withdrawalVerificationAbove!]),
        source,
      ).not.toEqual([]);
    expect(find(texts, claims.firstWithdrawal)).toEqual([]);
    expect(find(texts, claims.depositThreshold)).toEqual([]);
  });
});
