import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { I18nProvider, Trans, useTranslation } from "./i18n-react";
import { createTranslator } from "./translate";

const texts = {
  layout: {
    header: { signIn: "Sign in", hello: "Hello, {{name}}!", spaced: "{{ name }} and {{name}}" },
    games_one: "{{count}} game",
    games_other: "{{count}} games",
    empty: "",
    registered: "Welcome!",
    registered_email: "Welcome! We sent a link to {{email}}.",
    found_one: "{{count}} match",
    found_other: "{{count}} matches",
    found_email_one: "{{count}} address",
    found_email_other: "{{count}} addresses",
    link: "Already have an account? <cta>Sign in</cta> or <b>read <i>more</i></b>",
  },
  modals: {
    bets_zero: "No bets",
    bets_one: "{{count}} bet",
    bets_few: "{{count}} bets (few)",
    bets_many: "{{count}} bets (many)",
    bets_other: "{{count}} bets (other)",
    validation: { required: "Fill this in", email: "Not an e-mail" },
  },
};

describe("the translator (decision 0071)", () => {
  const en = createTranslator("en", texts);
  const t = en.getFixedT(null, "layout");

  it("finds nested keys, in its namespace or the one a key names", () => {
    expect(t("header.signIn")).toBe("Sign in");
    expect(t("modals:validation.required")).toBe("Fill this in");
    expect(en.getFixedT(null, "modals")("layout:header.signIn")).toBe("Sign in");
    // A prefix that is no namespace is part of the key.
    expect(t("nope:header.signIn")).toBe("nope:header.signIn");
  });

  it("fills {{names}}, leaves a name it was not given, empties one given as nothing", () => {
    expect(t("header.hello", { name: "Ana" })).toBe("Hello, Ana!");
    expect(t("header.spaced", { name: "Bo" })).toBe("Bo and Bo");
    expect(t("header.hello")).toBe("Hello, {{name}}!");
    expect(t("header.hello", { name: undefined })).toBe("Hello, !");
  });

  it("picks the plural form by the locale's rules", () => {
    expect(t("games", { count: 1 })).toBe("1 game");
    expect(t("games", { count: 5 })).toBe("5 games");
    const ru = createTranslator("ru", texts).getFixedT(null, "modals");
    expect(ru("bets", { count: 0 })).toBe("No bets");
    expect(ru("bets", { count: 1 })).toBe("1 bet");
    expect(ru("bets", { count: 3 })).toBe("3 bets (few)");
    expect(ru("bets", { count: 5 })).toBe("5 bets (many)");
    expect(ru("bets", { count: 1.5 })).toBe("1.5 bets (other)");
    // Portuguese says "many" of a million, which these texts do not write: "other" answers.
    const pt = createTranslator("pt-br", {
      layout: { games_one: "{{count}} jogo", games_other: "{{count}} jogos" },
    });
    expect(pt.getFixedT(null, "layout")("games", { count: 1_000_000 })).toBe("1000000 jogos");
  });

  it("picks a context's variant when written, with its plural forms, else the key alone", () => {
    expect(t("registered", { context: "email", email: "a@b.c" })).toBe("Welcome! We sent a link to a@b.c.");
    expect(t("registered", { context: "phone" })).toBe("Welcome!");
    expect(t("registered", { context: "" })).toBe("Welcome!");
    expect(t("found", { context: "email", count: 2 })).toBe("2 addresses");
    expect(t("found", { context: "phone", count: 1 })).toBe("1 match");
  });

  it("answers a missing key with its default, else the key; an empty text stays empty", () => {
    expect(t("missing.key", { defaultValue: "Fallback {{x}}", x: 1 })).toBe("Fallback 1");
    expect(t("layout:missing.key")).toBe("missing.key");
    expect(t("empty")).toBe("");
    expect(t("header")).toBe("header");
  });

  it("answers a branch when asked for objects, and says which keys exist", () => {
    expect(t("modals:validation", { returnObjects: true })).toEqual(texts.modals.validation);
    expect(en.exists("modals:validation.email")).toBe(true);
    expect(en.exists("header.signIn")).toBe(true);
    expect(en.exists("alerts:none")).toBe(false);
  });

  it("gives the same function for a namespace each time", () => {
    expect(en.getFixedT(null, "layout")).toBe(t);
    expect(en.getFixedT(null, "modals")).not.toBe(t);
  });

  it("draws a text's tagged parts with the components named, nested ones too", () => {
    function Line() {
      const { t } = useTranslation("layout");
      return <Trans t={t} i18nKey="link" components={{ cta: <em className="cta" />, b: <strong /> }} />;
    }
    const html = renderToStaticMarkup(
      <I18nProvider i18n={en}>
        <Line />
      </I18nProvider>,
    );
    expect(html).toBe('Already have an account? <em class="cta">Sign in</em> or <strong>read more</strong>');
  });

  it("outside a provider every key answers itself", () => {
    function Alone() {
      const { t } = useTranslation("modals");
      return <p>{t("title.x")}</p>;
    }
    expect(renderToStaticMarkup(<Alone />)).toBe("<p>title.x</p>");
  });
});
