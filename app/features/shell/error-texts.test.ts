import { UNSAFE_ErrorResponseImpl as ErrorResponseImpl } from "react-router";
import { describe, expect, it } from "vitest";
import { DEFAULT_ERROR_TEXTS, errorDetail, errorTexts, homeFor } from "./error-texts";

describe("error page texts", () => {
  it("uses the spec's texts without content and the content's when present", () => {
    expect(errorTexts(undefined)).toEqual(DEFAULT_ERROR_TEXTS);
    expect(errorTexts({ error: { title: "Что-то пошло не так", buttonLabel: "" } })).toEqual({
      ...DEFAULT_ERROR_TEXTS,
      title: "Что-то пошло не так",
    });
  });

  it("sends the button to the locale root when the address has a locale", () => {
    expect(homeFor(undefined)).toBe("/");
    expect(homeFor("ru")).toBe("/ru");
    expect(homeFor("pt-br")).toBe("/pt-br");
    expect(homeFor("en")).toBe("/");
    expect(homeFor("vip-club")).toBe("/");
  });

  it("shows the 404's path as the secondary line, and nothing for a thrown exception", () => {
    expect(errorDetail(new ErrorResponseImpl(404, "Not Found", "Page Not Found: /nope"))).toEqual({
      status: 404,
      detail: "Page Not Found: /nope",
    });
    expect(errorDetail(new ErrorResponseImpl(503, "Service Unavailable", null))).toEqual({
      status: 503,
      detail: "503 Service Unavailable",
    });
    expect(errorDetail(new Error("boom"))).toEqual({ status: 500 });
  });
});
