import type { SiteLocale } from "../i18n/locales";

/** GET /api/content/pages/{identity}: a static or catch-all content page, rendered from Markdown. */
export interface ContentPage {
  identity: string;
  /** The locale the text is in: the default one when the page has no translation yet. */
  locale: SiteLocale;
  title: string;
  description: string;
  /** Page metadata may force a colour mode (spec point 2). */
  colorMode?: "light" | "dark";
  html: string;
}

export interface QuestionSummary {
  identity: string;
  title: string;
  category: string;
  excerpt: string;
}

export interface QuestionCategory {
  category: string;
  title: string;
  questions: QuestionSummary[];
}

/** GET /api/content/questions */
export interface QuestionList {
  locale: SiteLocale;
  categories: QuestionCategory[];
}

/** GET /api/content/questions/{identity} */
export interface Question extends QuestionSummary {
  locale: SiteLocale;
  categoryTitle: string;
  html: string;
}

export interface Link {
  label: string;
  href: string;
}

export interface HomeBanner {
  id: string;
  eyebrow?: string;
  title: string;
  text: string;
  cta: Link;
  /** A path under /art/banners/. */
  image: string;
  accent: "green" | "gold" | "violet" | "blue";
}

export type HomeSection =
  | {
      type: "features";
      id: string;
      title: string;
      text?: string;
      items: { icon: string; title: string; text: string }[];
    }
  | {
      type: "steps";
      id: string;
      title: string;
      text?: string;
      items: { title: string; text: string }[];
      cta?: Link;
    }
  | { type: "payments"; id: string; title: string; text?: string; methods: { icon: string; label: string }[] }
  | {
      type: "trust";
      id: string;
      title: string;
      text: string;
      badges: { icon: string; label: string }[];
      links: Link[];
    }
  | { type: "faq"; id: string; title: string; text?: string; link: Link; questions: QuestionSummary[] };

/** GET /api/content/home */
export interface HomeContent {
  locale: SiteLocale;
  meta: { title: string; description: string };
  banners: HomeBanner[];
  sections: HomeSection[];
}

/** GET /api/content/help: the texts of the help screens (questions, support, contact, redirect). */
export interface HelpContent {
  locale: SiteLocale;
  questions: {
    title: string;
    description: string;
    intro: string;
    backToList: string;
    empty: string;
    stillNeedHelp: string;
    contactLink: Link;
  };
  support: {
    title: string;
    description: string;
    intro: string;
    highlightsTitle: string;
    highlights: QuestionSummary[];
    allQuestions: Link;
    channelsTitle: string;
    channels: { icon: string; title: string; text: string; link: Link }[];
    responsibleGaming: { title: string; text: string; links: Link[] };
  };
  contact: {
    title: string;
    description: string;
    intro: string;
    asideTitle: string;
    aside: { title: string; text: string }[];
    sentTitle: string;
    sentText: string;
    sendAnother: string;
  };
  redirect: { title: string; text: string; continue: string };
}
