import { Marked, type Token } from "marked";
import { stringify as toYaml } from "yaml";
import type { ContentField, ContentKind, ContentText } from "#common/api/admin-content";
import { isPageIdentity } from "#common/validation/identity";
import { ApiError } from "../../http/errors";
import { fillFacts } from "./facts";

/**
 * The content service's entries as staff edit them (decision 0028): a banner, a page or a question in one
 * locale is front matter + a body, as the files are. Pages and questions are their files; a banner is one item
 * of home.json's `banners` written the same way (its fields as front matter, its text as the body).
 */

/** Switches a banner, a page or a question may name in `requires` (server/modules/content/index.ts decides them). */
export const CONTENT_FEATURES = ["loyalty", "sports", "welcomePackage", "referral"] as const;
/** Figures a banner may quote as `{name}`; a banner quoting another would never show. */
export const BANNER_PLACEHOLDERS = ["welcomeMax", "welcomeFreespins", "withdrawalReviewAbove"] as const;
const ACCENTS = ["green", "gold", "violet", "blue"] as const;

/** The choices of a kind's fields that come from content itself (categories, banner images). */
export interface FieldChoices {
  categories: string[];
  images: string[];
}

export function fieldsOf(kind: ContentKind, choices: FieldChoices): ContentField[] {
  const requires: ContentField = {
    name: "requires",
    label: "Shown only while this is on",
    type: "select",
    required: false,
    options: [...CONTENT_FEATURES],
  };
  const order: ContentField = {
    name: "order",
    label: "Order",
    type: "number",
    required: false,
    hint: "Lower first",
  };
  switch (kind) {
    case "page":
      return [
        { name: "title", label: "Title", type: "text", required: true },
        { name: "description", label: "Description (search engines)", type: "text", required: false },
        {
          name: "colorMode",
          label: "Colour mode",
          type: "select",
          required: false,
          options: ["light", "dark"],
        },
        requires,
      ];
    case "question":
      return [
        { name: "title", label: "Question", type: "text", required: true },
        { name: "category", label: "Category", type: "select", required: true, options: choices.categories },
        order,
        requires,
      ];
    case "banner":
      return [
        { name: "eyebrow", label: "Eyebrow", type: "text", required: false },
        {
          name: "title",
          label: "Title",
          type: "text",
          required: true,
          hint: `May quote ${BANNER_PLACEHOLDERS.map((p) => `{${p}}`).join(", ")}`,
        },
        { name: "ctaLabel", label: "Button label", type: "text", required: true },
        {
          name: "ctaHref",
          label: "Button link",
          type: "text",
          required: true,
          hint: "A site path (/questions/…) or a modal (?sign-up=true)",
        },
        { name: "image", label: "Image", type: "select", required: true, options: choices.images },
        { name: "accent", label: "Accent", type: "select", required: true, options: [...ACCENTS] },
        requires,
        { ...order, hint: "Lower first; the file's banners are 1, 2, 3… in their order" },
      ];
  }
}

export const BODY_LABELS: Record<ContentKind, string> = {
  page: "Page text (Markdown)",
  question: "Answer (Markdown)",
  banner: "Banner text (plain text)",
};

/** Whether an identity may name an entry of the kind (the same rules the content service reads them by). */
export function isEntryIdentity(kind: ContentKind, identity: string): boolean {
  if (!isPageIdentity(identity)) return false;
  return kind === "page" || !identity.includes("/");
}

/** The text a file of this entry would hold: front matter, then the body. */
export function sourceOf(text: ContentText): string {
  const attributes = Object.fromEntries(Object.entries(text.attributes).filter(([, v]) => v !== ""));
  const head = Object.keys(attributes).length ? toYaml(attributes, { lineWidth: 0 }) : "";
  return `---\n${head}---\n${text.body}`;
}

/** A banner of home.json as an entry. */
export function bannerText(raw: Record<string, unknown>): ContentText {
  const cta = (raw.cta ?? {}) as { label?: unknown; href?: unknown };
  const attributes: Record<string, string | number> = {};
  const put = (key: string, value: unknown) => {
    if (typeof value === "string" || typeof value === "number") attributes[key] = value;
  };
  put("eyebrow", raw.eyebrow);
  put("title", raw.title);
  put("ctaLabel", cta.label);
  put("ctaHref", cta.href);
  put("image", raw.image);
  put("accent", raw.accent);
  put("requires", raw.requires);
  put("order", raw.order);
  return { attributes, body: typeof raw.text === "string" ? raw.text : "" };
}

/** An entry as the banner home.json would hold (what resolveBanners reads). */
export function bannerOf(identity: string, text: ContentText): Record<string, unknown> {
  const a = text.attributes;
  return {
    id: identity,
    ...(a.eyebrow !== undefined ? { eyebrow: String(a.eyebrow) } : {}),
    title: String(a.title ?? ""),
    text: text.body.trim(),
    cta: { label: String(a.ctaLabel ?? ""), href: String(a.ctaHref ?? "") },
    image: String(a.image ?? ""),
    accent: String(a.accent ?? "green"),
    ...(a.requires !== undefined ? { requires: String(a.requires) } : {}),
  };
}

const lexer = new Marked({ gfm: true });
/** Where a link may go: this site, the web, e-mail. Not `javascript:` or `data:`. */
const SAFE_HREF = /^(?:https?:\/\/|mailto:|\/(?!\/)|#|\?)|^[^:]*$/i;

/**
 * Raw HTML and links that run script, anywhere in a body. Files are reviewed with the code; text saved in the
 * back office is not, and the site renders it as HTML to every player, so it must not carry markup of its own.
 */
function unsafeMarkdown(body: string): string | undefined {
  let problem: string | undefined;
  const visit = (tokens: Token[]) => {
    for (const t of tokens) {
      if (problem) return;
      if (t.type === "html") problem = "Raw HTML is not allowed: write Markdown";
      else if ((t.type === "link" || t.type === "image") && !SAFE_HREF.test(String(t.href).trim()))
        problem = `A link may not go to "${String(t.href)}"`;
      const inner = t as Token & { tokens?: Token[]; items?: { tokens: Token[] }[] };
      if (inner.tokens) visit(inner.tokens);
      if (inner.items) for (const item of inner.items) visit(item.tokens);
      const table = t as Token & { header?: { tokens: Token[] }[]; rows?: { tokens: Token[] }[][] };
      if (table.header) for (const cell of table.header) visit(cell.tokens);
      if (table.rows) for (const row of table.rows) for (const cell of row) visit(cell.tokens);
    }
  };
  // The site renders the body after fillFacts: check it as every combination of the features its blocks name
  // would serve it (a block whose markers are broken stays as raw HTML, and is refused as such).
  for (const features of featureCombinations(body)) {
    visit(lexer.lexer(fillFacts(body, { features, values: {} })));
    if (problem) return problem;
  }
  return problem;
}

/** The features a body's `<!-- if feature -->` blocks name, at most a few of them. */
const BLOCK_FEATURE = /<!--\s*if (?:not )?(\w+)\s*-->/g;
const MAX_BLOCK_FEATURES = 8;

function featureCombinations(body: string): Record<string, boolean>[] {
  const names = [...new Set([...body.matchAll(BLOCK_FEATURE)].map((m) => m[1]!))];
  if (names.length > MAX_BLOCK_FEATURES)
    throw refused("body", `At most ${MAX_BLOCK_FEATURES} features may be named in <!-- if --> blocks`);
  return Array.from({ length: 2 ** names.length }, (_, bits) =>
    Object.fromEntries(names.map((name, i) => [name, (bits & (1 << i)) !== 0])),
  );
}

const refused = (field: string, message: string) =>
  new ApiError(422, "validation_error", `${field}: ${message}`, { [field]: [message] });

/**
 * An entry's text checked as the content service will read it: the kind's fields (required ones present,
 * numbers whole, choices known, no field the kind does not have), a body the site can show safely. Answers the
 * text to store, trimmed; throws a 422 naming the first bad field.
 */
export function validateText(kind: ContentKind, text: ContentText, choices: FieldChoices): ContentText {
  const fields = fieldsOf(kind, choices);
  const attributes: Record<string, string | number> = {};
  for (const name of Object.keys(text.attributes))
    if (!fields.some((f) => f.name === name)) throw refused(name, `A ${kind} has no field "${name}"`);
  for (const f of fields) {
    const raw = text.attributes[f.name];
    const value = typeof raw === "string" ? raw.trim() : raw;
    if (value === undefined || value === "") {
      if (f.required) throw refused(f.name, `${f.label} is required`);
      continue;
    }
    if (f.type === "number") {
      const n = typeof value === "number" ? value : Number(value);
      if (!Number.isInteger(n) || Math.abs(n) > 1_000_000) throw refused(f.name, "A whole number");
      attributes[f.name] = n;
      continue;
    }
    const s = String(value);
    if (s.length > 300) throw refused(f.name, "At most 300 characters");
    if (/[\r\n]/.test(s)) throw refused(f.name, "One line");
    if (f.options && !f.options.includes(s)) throw refused(f.name, `One of: ${f.options.join(", ")}`);
    attributes[f.name] = s;
  }
  const body = text.body.replace(/\r\n/g, "\n").trim();
  if (!body) throw refused("body", `${BODY_LABELS[kind]} is required`);
  if (kind === "banner") {
    if (body.length > 500) throw refused("body", "A banner's text is at most 500 characters");
    const href = String(attributes.ctaHref);
    if (!/^(?:\/(?!\/)|\?|https:\/\/)/.test(href))
      throw refused("ctaHref", "A site path (/…), a modal (?…) or an https:// address");
    for (const [field, value] of [
      ["eyebrow", attributes.eyebrow],
      ["title", attributes.title],
      ["body", body],
    ] as const)
      for (const [, name] of String(value ?? "").matchAll(/\{(\w+)\}/g))
        if (!(BANNER_PLACEHOLDERS as readonly string[]).includes(name!))
          throw refused(
            field,
            `Unknown figure {${name}}: ${BANNER_PLACEHOLDERS.map((p) => `{${p}}`).join(", ")}`,
          );
  }
  const problem = unsafeMarkdown(body);
  if (problem) throw refused("body", problem);
  return { attributes, body: `${body}\n` };
}
