import { Marked, type Token, type Tokens } from "marked";
import type {
  ContentPage,
  HelpContent,
  HomeContent,
  HomeSection,
  Question,
  QuestionCategory,
  QuestionList,
  QuestionSummary,
} from "#common/api/content";
import { DEFAULT_LOCALE, type SiteLocale } from "#common/i18n/locales";
import { isPageIdentity } from "#common/validation/identity";
import { ApiError } from "../../http/errors";
import { bannerOf } from "./entries";
import { type BannerFacts, fillFacts, PLACEHOLDER } from "./facts";
import { parseFrontMatter } from "./front-matter";
import { type ContentDirectory, type ContentStore, withFallback } from "./store";

// Operator-written Markdown is trusted (it ships with the code), so raw HTML in it is kept as written.
const markdown = new Marked({ gfm: true, breaks: false });

const EXCERPT_LENGTH = 180;

/** Wide tables scroll on their own on a phone instead of widening the page. */
async function render(body: string): Promise<string> {
  const html = await markdown.parse(body);
  return html
    .replaceAll("<table>", '<div class="table-scroll"><table>')
    .replaceAll("</table>", "</table></div>");
}

/** A content file in the asked locale, or the default locale's when it has no translation. */
interface Localized {
  locale: SiteLocale;
  attributes: Record<string, string | number>;
  body: string;
}

/**
 * The opening text as plain text, cut at a word boundary: what a list shows under a question's title.
 * Paragraphs and list items are joined until there is enough, so an answer that opens with "They usually
 * include:" still gets a useful excerpt.
 */
export function excerptOf(body: string, length = EXCERPT_LENGTH): string {
  const pieces: string[] = [];
  const collect = (tokens: Token[]) => {
    for (const t of tokens) {
      if (pieces.join(" ").length >= length) return;
      if (t.type === "paragraph" && "text" in t) pieces.push(String(t.text));
      else if (t.type === "list" && "items" in t) collect((t as Tokens.List).items.flatMap((i) => i.tokens));
      else if (t.type === "text" && "text" in t) pieces.push(String(t.text));
    }
  };
  collect(markdown.lexer(body));
  const plain = pieces
    .join(" ")
    .replace(/!\[[^\]]*\]\([^)]*\)/g, "")
    .replace(/\[([^\]]+)\]\([^)]*\)/g, "$1")
    .replace(/[*_`~]+/g, "")
    .replace(/<[^>]+>/g, "")
    .replace(/\s+/g, " ")
    .trim();
  if (plain.length <= length) return plain;
  const cut = plain.slice(0, length);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(" "), length - 20)).replace(/[\s,.;:–—-]+$/, "")}…`;
}

const text = (v: unknown, fallback = "") => (typeof v === "string" ? v : fallback);

/** What a text may depend on, and how it is filled with it (facts.ts). */
export { type BannerFacts, fillFacts };
export type BannerFactsSource = (locale: SiteLocale) => Promise<BannerFacts>;

/** The banners the facts allow, their placeholders filled; one quoting a figure nobody knows is left out. */
export function resolveBanners(raw: unknown, facts: BannerFacts): HomeContent["banners"] {
  const out: HomeContent["banners"] = [];
  for (const b of (Array.isArray(raw) ? raw : []) as (HomeContent["banners"][number] & {
    requires?: string;
  })[]) {
    const { requires, ...banner } = b;
    if (requires !== undefined && facts.features[requires] !== true) continue;
    let unknown = false;
    const fill = (text: string) =>
      text.replace(PLACEHOLDER, (whole, name: string) => {
        const value = facts.values[name];
        if (value === undefined) unknown = true;
        return value ?? whole;
      });
    const filled = {
      ...banner,
      title: fill(banner.title),
      text: fill(banner.text),
      ...(banner.eyebrow === undefined ? {} : { eyebrow: fill(banner.eyebrow) }),
    };
    if (!unknown) out.push(filled);
  }
  return out;
}

const NO_FACTS: BannerFactsSource = async () => ({ features: {}, values: {} });

/** Every string of a dictionary (nested objects and arrays) through fillFacts. */
function fillDeep<T>(value: T, facts: BannerFacts): T {
  if (typeof value === "string") return fillFacts(value, facts) as T;
  if (Array.isArray(value)) return value.map((v) => fillDeep(v, facts)) as T;
  if (value && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fillDeep(v, facts)])) as T;
  return value;
}

/**
 * The content service's pages: static and catch-all pages, questions (FAQ), the home page and the help
 * screens, each in the visitor's locale and completed from the default locale.
 */
export class ContentService {
  constructor(
    private store: ContentStore,
    private bannerFacts: BannerFactsSource = NO_FACTS,
  ) {}

  private async localized(locale: SiteLocale, relPath: string): Promise<Localized | undefined> {
    for (const candidate of locale === DEFAULT_LOCALE ? [locale] : [locale, DEFAULT_LOCALE]) {
      const source = await this.store.read(candidate, relPath);
      if (source !== undefined) return { locale: candidate, ...parseFrontMatter(source) };
    }
    return undefined;
  }

  async page(identity: string, locale: SiteLocale): Promise<ContentPage> {
    if (!isPageIdentity(identity)) throw ApiError.notFound(`No content page "${identity}"`);
    return this.store.cached(`page:${locale}/${identity}`, async () => {
      const file = await this.localized(locale, `pages/${identity}.md`);
      if (!file) throw ApiError.notFound(`No content page "${identity}"`);
      // A page about a feature (front matter `requires: loyalty`) exists only while the feature is on.
      const requires = file.attributes.requires;
      if (typeof requires === "string" && (await this.bannerFacts(locale)).features[requires] !== true)
        throw ApiError.notFound(`No content page "${identity}"`);
      const colorMode = file.attributes.colorMode;
      return {
        identity,
        locale: file.locale,
        title: text(file.attributes.title, identity),
        description: text(file.attributes.description),
        ...(colorMode === "light" || colorMode === "dark" ? { colorMode } : {}),
        html: await render(fillFacts(file.body, await this.bannerFacts(locale))),
      };
    });
  }

  /** A shell dictionary of a locale, its texts made true for this site (fillFacts). */
  async directory(name: ContentDirectory, locale: SiteLocale): Promise<Record<string, unknown>> {
    return fillDeep(await this.store.directory(name, locale), await this.bannerFacts(locale));
  }

  /**
   * Every question of the locale (translated or not) the facts allow, with its category titles from the help
   * texts. A question about a feature (front matter `requires: loyalty`) is listed only while it is on, and one
   * quoting a figure nobody knows (`{depositMethods}` with no payment method configured) not at all.
   */
  async questions(locale: SiteLocale): Promise<QuestionList> {
    const [loaded, facts, order] = await Promise.all([
      this.questionFiles(locale),
      this.bannerFacts(locale),
      this.categoryTitles(locale),
    ]);
    const groups = new Map<string, { order: number; items: QuestionFile[] }>();
    for (const file of loaded) {
      const q = filled(file, facts);
      if (!q) continue;
      const group = groups.get(q.category) ?? { order: order.keys.indexOf(q.category), items: [] };
      group.items.push(q);
      groups.set(q.category, group);
    }
    // Categories in the order the help texts list them; unknown ones last, alphabetically.
    const categories: QuestionCategory[] = [...groups.entries()]
      .sort(([a, ga], [b, gb]) => rank(ga.order) - rank(gb.order) || a.localeCompare(b))
      .map(([category, g]) => ({
        category,
        title: order.titles[category] ?? category,
        questions: g.items.sort((a, b) => a.order - b.order || a.title.localeCompare(b.title)).map(summaryOf),
      }));
    return { locale, categories };
  }

  private questionFiles(locale: SiteLocale): Promise<QuestionFile[]> {
    return this.store.cached(`questions:${locale}`, async () => {
      const names = new Set([
        ...(await this.store.list(DEFAULT_LOCALE, "questions")),
        ...(await this.store.list(locale, "questions")),
      ]);
      const identities = [...names]
        .filter((n) => n.endsWith(".md"))
        .map((n) => n.slice(0, -3))
        .filter(isPageIdentity);
      const loaded = await Promise.all(identities.map((id) => this.questionFile(id, locale)));
      return loaded.filter((q) => q !== undefined);
    });
  }

  async question(identity: string, locale: SiteLocale): Promise<Question> {
    if (!isPageIdentity(identity) || identity.includes("/")) {
      throw ApiError.notFound(`No question "${identity}"`);
    }
    const file = await this.questionFile(identity, locale);
    const q = file && filled(file, await this.bannerFacts(locale));
    if (!q) throw ApiError.notFound(`No question "${identity}"`);
    const { titles } = await this.categoryTitles(locale);
    const { order: _order, body, requires: _requires, ...summary } = q;
    return { ...summary, categoryTitle: titles[q.category] ?? q.category, html: await render(body) };
  }

  private questionFile(identity: string, locale: SiteLocale): Promise<QuestionFile | undefined> {
    return this.store.cached(`question:${locale}/${identity}`, async () => {
      const file = await this.localized(locale, `questions/${identity}.md`);
      if (!file) return undefined;
      const order = file.attributes.order;
      const requires = file.attributes.requires;
      return {
        identity,
        locale: file.locale,
        title: text(file.attributes.title, identity),
        category: text(file.attributes.category, "general"),
        excerpt: excerptOf(file.body),
        order: typeof order === "number" ? order : Number.MAX_SAFE_INTEGER,
        body: file.body,
        ...(typeof requires === "string" ? { requires } : {}),
      };
    });
  }

  private async categoryTitles(locale: SiteLocale) {
    const help = await this.json(locale, "help.json");
    const raw = (help.questions as { categories?: Record<string, unknown> } | undefined)?.categories ?? {};
    const titles: Record<string, string> = {};
    for (const [key, value] of Object.entries(raw)) if (typeof value === "string") titles[key] = value;
    return { keys: Object.keys(titles), titles };
  }

  private async json(locale: SiteLocale, relPath: string): Promise<Record<string, unknown>> {
    const base = (await this.store.readJson(DEFAULT_LOCALE, relPath)) ?? {};
    if (locale === DEFAULT_LOCALE) return base;
    return withFallback(base, (await this.store.readJson(locale, relPath)) ?? {});
  }

  /**
   * Summaries of the named questions that exist and the facts allow, in the given order: home's FAQ teaser,
   * support highlights.
   */
  private async pick(identities: unknown, locale: SiteLocale): Promise<QuestionSummary[]> {
    const ids = Array.isArray(identities) ? identities.filter(isPageIdentity) : [];
    const [found, facts] = await Promise.all([
      Promise.all(ids.map((id) => this.questionFile(id, locale))),
      this.bannerFacts(locale),
    ]);
    return found
      .map((q) => q && filled(q, facts))
      .filter((q) => q !== undefined)
      .map(summaryOf);
  }

  async home(locale: SiteLocale): Promise<HomeContent> {
    const raw = await this.json(locale, "home.json");
    // The sections' texts state facts too (the trust strip's minimum age), so they are filled like a page.
    const facts = await this.bannerFacts(locale);
    const sections = await Promise.all(
      fillDeep((raw.sections as Record<string, unknown>[] | undefined) ?? [], facts).map(async (s) =>
        s.type === "faq"
          ? ({ ...s, questions: await this.pick(s.questions, locale) } as HomeSection)
          : (s as HomeSection),
      ),
    );
    return {
      locale,
      meta: (raw.meta as HomeContent["meta"]) ?? { title: "", description: "" },
      banners: resolveBanners(await this.banners(locale), facts),
      sections,
    };
  }

  /**
   * The home banners of a locale: each banner of the default locale's home.json, of the locale's own, and each
   * one staff created, in the locale's text (staff's edit, else the file's), else the default locale's. Ordered
   * by their `order` when staff set one, else by their place in the file; created ones without an order last.
   */
  private banners(locale: SiteLocale): Promise<Record<string, unknown>[]> {
    return this.store.cached(`banners:${locale}`, async () => {
      const chain = locale === DEFAULT_LOCALE ? [locale] : [locale, DEFAULT_LOCALE];
      const positions = new Map<string, number>();
      for (const l of [DEFAULT_LOCALE, locale])
        for (const [i, b] of (await this.store.fileBanners(l)).entries())
          if (!positions.has(b.identity)) positions.set(b.identity, i + 1);
      const identities = new Set(positions.keys());
      for (const l of chain)
        for (const id of await this.store.overrideIdentities("banner", l)) identities.add(id);
      const out: { banner: Record<string, unknown>; order: number; position: number; id: string }[] = [];
      for (const id of identities) {
        let text: { attributes: Record<string, string | number>; body: string } | undefined;
        for (const l of chain) {
          const edited = await this.store.override("banner", id, l);
          text = edited !== undefined ? parseFrontMatter(edited) : await this.store.fileText("banner", id, l);
          if (text) break;
        }
        if (!text) continue;
        const position = positions.get(id) ?? Number.MAX_SAFE_INTEGER;
        const order = text.attributes.order;
        out.push({
          banner: bannerOf(id, text),
          order: typeof order === "number" ? order : position,
          position,
          id,
        });
      }
      return out
        .sort((a, b) => a.order - b.order || a.position - b.position || a.id.localeCompare(b.id))
        .map((b) => b.banner);
    });
  }

  async help(locale: SiteLocale): Promise<HelpContent> {
    // Filled like a dictionary: its texts may say the support hours (decision 0054).
    const raw = fillDeep(await this.json(locale, "help.json"), await this.bannerFacts(locale));
    const support = (raw.support ?? {}) as HelpContent["support"] & { highlights: unknown };
    const { categories: _categories, ...questions } = (raw.questions ?? {}) as HelpContent["questions"] & {
      categories?: unknown;
    };
    return {
      ...(raw as Omit<HelpContent, "locale">),
      locale,
      questions,
      support: { ...support, highlights: await this.pick(support.highlights, locale) },
    };
  }
}

/** A question's file as read (cached): its body still holds the placeholders the facts fill. */
interface QuestionFile extends QuestionSummary {
  locale: SiteLocale;
  order: number;
  body: string;
  /** The feature it is about: shown only while that is on. */
  requires?: string;
}

/**
 * The question as the facts allow it: its placeholders filled (and its excerpt made again from the filled
 * text), or undefined when it is about a feature that is off or quotes a figure nobody knows.
 */
function filled(q: QuestionFile, facts: BannerFacts): QuestionFile | undefined {
  if (q.requires !== undefined && facts.features[q.requires] !== true) return undefined;
  const body = fillFacts(q.body, facts);
  if (body.search(PLACEHOLDER) >= 0) return undefined;
  return body === q.body ? q : { ...q, body, excerpt: excerptOf(body) };
}

const summaryOf = ({ identity, title, category, excerpt }: QuestionSummary): QuestionSummary => ({
  identity,
  title,
  category,
  excerpt,
});

const rank = (index: number) => (index < 0 ? Number.MAX_SAFE_INTEGER : index);
