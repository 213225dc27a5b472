import { z } from "zod";
import { SITE_LOCALES } from "../i18n/locales";
import { SHELL_DIRECTORIES } from "../i18n/texts";

const siteLocale = z.enum(SITE_LOCALES.map((l) => l.code) as [(typeof SITE_LOCALES)[number]["code"]]);

/** `?locale=`: any value is accepted; an unknown one falls back to the default locale. */
export const contentQuery = z.object({ locale: z.string().max(16).optional() });

/** The content service's directories of spec point 7, each a dictionary of the shell's texts. */
export const CONTENT_DIRECTORIES = SHELL_DIRECTORIES;
export type ContentDirectory = (typeof CONTENT_DIRECTORIES)[number];

const dictionary = z.record(z.string(), z.unknown());

/** GET /api/content/directories: every directory of a locale at once. */
export const directoriesAnswer = z.object({
  locale: siteLocale,
  data: z.record(z.enum(CONTENT_DIRECTORIES), dictionary),
});
/** GET /api/content/directories/{directory} */
export const directoryAnswer = z.object({ locale: siteLocale, data: dictionary });

/** GET /api/content/pages/{identity}: a static or catch-all content page, rendered from Markdown. */
export const contentPage = z
  .object({
    identity: z.string(),
    /** The locale the text is in: the default one when the page has no translation yet. */
    locale: siteLocale,
    title: z.string(),
    description: z.string(),
    /** Page metadata may force a colour mode (spec point 2). */
    colorMode: z.enum(["light", "dark"]).optional(),
    html: z.string(),
  })
  .meta({ id: "ContentPage" });
export type ContentPage = z.infer<typeof contentPage>;

export const questionSummary = z
  .object({ identity: z.string(), title: z.string(), category: z.string(), excerpt: z.string() })
  .meta({ id: "QuestionSummary" });
export type QuestionSummary = z.infer<typeof questionSummary>;

export const questionCategory = z.object({
  category: z.string(),
  title: z.string(),
  questions: z.array(questionSummary),
});
export type QuestionCategory = z.infer<typeof questionCategory>;

/** GET /api/content/questions */
export const questionList = z.object({ locale: siteLocale, categories: z.array(questionCategory) });
export type QuestionList = z.infer<typeof questionList>;

/** GET /api/content/questions/{identity} */
export const question = questionSummary.extend({
  locale: siteLocale,
  categoryTitle: z.string(),
  html: z.string(),
});
export type Question = z.infer<typeof question>;

export const link = z.object({ label: z.string(), href: z.string() }).meta({ id: "Link" });
export type Link = z.infer<typeof link>;

export const homeBanner = z.object({
  id: z.string(),
  eyebrow: z.string().optional(),
  title: z.string(),
  text: z.string(),
  cta: link,
  /** A path under /art/banners/. */
  image: z.string(),
  accent: z.enum(["green", "gold", "violet", "blue"]),
});
export type HomeBanner = z.infer<typeof homeBanner>;

const iconItem = z.object({ icon: z.string(), label: z.string() });

export const homeSection = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("features"),
    id: z.string(),
    title: z.string(),
    text: z.string().optional(),
    items: z.array(z.object({ icon: z.string(), title: z.string(), text: z.string() })),
  }),
  z.object({
    type: z.literal("steps"),
    id: z.string(),
    title: z.string(),
    text: z.string().optional(),
    items: z.array(z.object({ title: z.string(), text: z.string() })),
    cta: link.optional(),
  }),
  z.object({
    type: z.literal("payments"),
    id: z.string(),
    title: z.string(),
    text: z.string().optional(),
    methods: z.array(iconItem),
  }),
  z.object({
    type: z.literal("trust"),
    id: z.string(),
    title: z.string(),
    text: z.string(),
    badges: z.array(iconItem),
    links: z.array(link),
  }),
  z.object({
    type: z.literal("faq"),
    id: z.string(),
    title: z.string(),
    text: z.string().optional(),
    link,
    questions: z.array(questionSummary),
  }),
]);
export type HomeSection = z.infer<typeof homeSection>;

/** GET /api/content/home */
export const homeContent = z.object({
  locale: siteLocale,
  meta: z.object({ title: z.string(), description: z.string() }),
  banners: z.array(homeBanner),
  sections: z.array(homeSection),
});
export type HomeContent = z.infer<typeof homeContent>;

const screenTexts = { title: z.string(), description: z.string(), intro: z.string() };

/** GET /api/content/help: the texts of the help screens (questions, support, contact, redirect). */
export const helpContent = z.object({
  locale: siteLocale,
  questions: z.object({
    ...screenTexts,
    backToList: z.string(),
    empty: z.string(),
    stillNeedHelp: z.string(),
    contactLink: link,
  }),
  support: z.object({
    ...screenTexts,
    highlightsTitle: z.string(),
    highlights: z.array(questionSummary),
    allQuestions: link,
    channelsTitle: z.string(),
    channels: z.array(z.object({ icon: z.string(), title: z.string(), text: z.string(), link })),
    responsibleGaming: z.object({ title: z.string(), text: z.string(), links: z.array(link) }),
  }),
  contact: z.object({
    ...screenTexts,
    asideTitle: z.string(),
    aside: z.array(z.object({ title: z.string(), text: z.string() })),
    sentTitle: z.string(),
    sentText: z.string(),
    sendAnother: z.string(),
  }),
  redirect: z.object({ title: z.string(), text: z.string(), continue: z.string() }),
});
export type HelpContent = z.infer<typeof helpContent>;
