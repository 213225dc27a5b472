import { parse as parseYaml } from "yaml";

/**
 * The front matter of a content file: a YAML mapping between two `---` lines at the top (title, description,
 * category, order, colorMode…). Values the site reads are text or whole numbers; anything else is kept as text.
 */
export interface FrontMatter {
  attributes: Record<string, string | number>;
  body: string;
}

const FENCE = /^---[ \t]*\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/;

export function parseFrontMatter(text: string): FrontMatter {
  const source = text.replace(/^\uFEFF/, "");
  const match = FENCE.exec(source);
  if (!match) return { attributes: {}, body: source };
  const data: unknown = parseYaml(match[1]!) ?? {};
  // A line without "key: value" makes the block a plain string, not a mapping: a typo must not pass silently.
  if (typeof data !== "object" || Array.isArray(data))
    throw new Error(`Front matter is not "key: value" lines: ${match[1]}`);
  const attributes: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(data as Record<string, unknown>))
    attributes[key] = Number.isInteger(value) ? (value as number) : String(value);
  return { attributes, body: source.slice(match[0].length) };
}
