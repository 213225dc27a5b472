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
