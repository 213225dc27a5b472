/**
 * The small front matter of a content file: `key: value` lines between two `---` lines at the top.
 * Values are strings; quotes around a value are dropped; a whole number becomes a number. Enough for
 * title, description, category, order and colorMode, without pulling a YAML parser into the server.
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
  const attributes: Record<string, string | number> = {};
  for (const line of match[1]!.split(/\r?\n/)) {
    if (!line.trim() || line.trimStart().startsWith("#")) continue;
    const colon = line.indexOf(":");
    if (colon <= 0) throw new Error(`Front matter line without "key: value": ${line}`);
    const key = line.slice(0, colon).trim();
    let value = line.slice(colon + 1).trim();
    const quoted = /^(["'])([\s\S]*)\1$/.exec(value);
    if (quoted) value = quoted[2]!;
    attributes[key] = !quoted && /^-?\d+$/.test(value) ? Number(value) : value;
  }
  return { attributes, body: source.slice(match[0].length) };
}
