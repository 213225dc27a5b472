import { Marked } from "marked";
import type { ContentField, ContentText } from "#common/api/admin-content";

export type TextForm = { attributes: Record<string, string>; body: string };

export const formOf = (text: ContentText | null): TextForm => ({
  attributes: Object.fromEntries(Object.entries(text?.attributes ?? {}).map(([k, v]) => [k, String(v)])),
  body: text?.body ?? "",
});

/** The form as the API takes it: empty fields left out, numbers as numbers. */
export const textOf = (form: TextForm, fields: ContentField[]): ContentText => {
  const attributes: Record<string, string | number> = {};
  for (const f of fields) {
    const v = (form.attributes[f.name] ?? "").trim();
    if (v === "") continue;
    attributes[f.name] = f.type === "number" && /^-?\d+$/.test(v) ? Number(v) : v;
  }
  return { attributes, body: form.body };
};

// Staff's own text, previewed in their tab: raw HTML is shown as text (the server refuses it on save).
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const markdown = new Marked({ gfm: true, renderer: { html: ({ text }) => escapeHtml(text) } });

/** The body as the site shows it: a banner's plain line, or a page's Markdown. */
export const previewHtml = (body: string, banner: boolean) =>
  banner ? `<p>${escapeHtml(body)}</p>` : markdown.parse(body, { async: false });
