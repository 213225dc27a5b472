import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseFrontMatter } from "./front-matter";

describe("front matter", () => {
  it("reads key: value pairs, unquotes strings and turns whole numbers into numbers", () => {
    const { attributes, body } = parseFrontMatter(
      '---\ntitle: "Terms: the short version"\ncategory: payments\norder: 3\nversion: 1.5\n# a note\n---\n# Hello\n',
    );
    expect(attributes).toEqual({
      title: "Terms: the short version",
      category: "payments",
      order: 3,
      version: "1.5",
    });
    expect(body).toBe("# Hello\n");
  });

  it("treats a file without front matter as all body", () => {
    expect(parseFrontMatter("Just text\n---\nmore")).toEqual({
      attributes: {},
      body: "Just text\n---\nmore",
    });
  });

  it("accepts Windows line ends and a byte-order mark", () => {
    expect(parseFrontMatter("\uFEFF---\r\ntitle: Olá\r\n---\r\nCorpo")).toEqual({
      attributes: { title: "Olá" },
      body: "Corpo",
    });
  });

  it("refuses a line that is not key: value, so a typo does not pass silently", () => {
    expect(() => parseFrontMatter("---\ntitle Terms\n---\n")).toThrow(/key: value/);
  });
});

/** Every Markdown file the site ships under content/, by its path. */
function shippedPages(dir = "content"): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? shippedPages(join(dir, e.name)) : e.name.endsWith(".md") ? [join(dir, e.name)] : [],
  );
}

it("parses the front matter of every page the site ships (a bad one answers 500 for that page)", () => {
  const pages = shippedPages();
  expect(pages.length).toBeGreaterThan(10);
  const broken = pages.flatMap((path) => {
    try {
      parseFrontMatter(readFileSync(path, "utf8"));
      return [];
    } catch (err) {
      return [`${path}: ${(err as Error).message.split("\n")[0]}`];
    }
  });
  expect(broken).toEqual([]);
});
