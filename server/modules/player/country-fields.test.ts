import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { parseCountryFields } from "#common/player-fields";
import { describeEachDb } from "../../test/harness";
import { CountryFieldRules } from "./country-fields";
import { players } from "./tables";
import { caller, freshCpf, freshEmail, PASSWORD } from "./test-support";

describe("COUNTRY_FIELDS", () => {
  it("reads countries, fields and required marks, and replaces a country's built-in list", () => {
    const parsed = parseCountryFields("BR=cpf_number!; DE=nationality!,profession ;*=receiveBonus;FR=");
    expect(parsed).toEqual({
      BR: { cpf_number: { required: true } },
      DE: { nationality: { required: true }, profession: { required: false } },
      "*": { receiveBonus: { required: false } },
      FR: {},
    });
    const rules = new CountryFieldRules(parsed);
    expect(rules.fieldsFor("registration", "BR")).toEqual({ cpf_number: { required: true } });
    expect(rules.fieldsFor("registration", "AU")).toEqual({ receiveBonus: { required: false } });
    expect(rules.fieldsFor("registration", "FR")).toEqual({});
    // Italy keeps its built-in list; the bonus wish is a sign-up's alone.
    expect(rules.fieldsFor("profile", "IT")).toMatchObject({ personalIdNumber: { required: true } });
    expect(rules.fieldsFor("profile", "IT")).not.toHaveProperty("receiveBonus");
  });

  it("asks for the security question and its answer together", () => {
    expect(parseCountryFields("PT=securityAnswer!")).toEqual({
      PT: { securityQuestion: { required: true }, securityAnswer: { required: true } },
    });
  });

  it("refuses what it cannot read, naming it", () => {
    expect(() => parseCountryFields("BR=cpf")).toThrow(/"cpf" is not one of/);
    expect(() => parseCountryFields("Brazil=cpf_number")).toThrow(/two-letter/);
    expect(() => parseCountryFields("BR=cpf_number=x")).toThrow(/COUNTRY=field/);
  });
});

describeEachDb("registration and profile fields by country", (ctx) => {
  const { call } = caller(() => ctx().app);
  const db = () => ctx().database.db;
  const rowOf = async (email: string) =>
    (await db().select().from(players).where(sql`lower(${players.email}) = ${email.toLowerCase()}`))[0]!;
  const scenario = async (name: string, headers: Record<string, string> = {}, token?: string) =>
    (await call({ method: "GET", url: `/api/player/fields/validations?scenario=${name}`, headers, token }))
      .body.fields as Record<string, { required: boolean; rules: { name: string }[] }>;
  const signUp = (country: string, extra: Record<string, unknown>) =>
    call({
      url: "/api/player/register",
      headers: { "cf-ipcountry": country },
      body: { password: PASSWORD, password_confirmation: PASSWORD, agreements: true, ...extra },
    });

  it("lists the visitor's country's fields: Brazil's CPF and full name, Italy's identity, none elsewhere", async () => {
    const br = await scenario("registration", { "cf-ipcountry": "BR" });
    expect(br.cpf_number).toEqual({ required: true, rules: [{ name: "required" }, { name: "cpf" }] });
    expect(br.fullName!.required).toBe(true);
    expect(br.fullName!.rules).toContainEqual({ name: "twoWords", min: 2 });
    expect(br.receiveBonus).toEqual({ required: false, rules: [] });
    expect(br.captcha).toEqual({ required: false, rules: [] });
    const it_ = await scenario("registration", { "cf-ipcountry": "IT" });
    expect(Object.keys(it_)).toEqual(
      expect.arrayContaining(["nationality", "placeOfBirth", "personalIdNumber"]),
    );
    expect(it_).not.toHaveProperty("cpf_number");
    const au = await scenario("registration", { "cf-ipcountry": "AU" });
    for (const name of ["cpf_number", "fullName", "nationality", "receiveBonus"])
      expect(au).not.toHaveProperty(name);
    expect(au).toHaveProperty("captcha");
    // Per visitor: no shared cache may keep one country's answer for another.
    const res = await call({ method: "GET", url: "/api/player/fields/validations?scenario=registration" });
    expect(res.headers["cache-control"]).toBe("no-store");
  });

  it("refuses a Brazilian sign-up without a valid CPF (422 on cpf_number) and creates nobody", async () => {
    const email = freshEmail("cpf");
    const missing = await signUp("BR", { email, fullName: "Ana Souza" });
    expect(missing.status).toBe(422);
    expect(missing.body).toMatchObject({
      code: "validation_error",
      errors: { cpf_number: ["Value is required"] },
    });
    const wrong = await signUp("BR", { email, fullName: "Ana Souza", cpf_number: "111.444.777-36" });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors).toEqual({ cpf_number: ["The CPF number is not valid"] });
    const oneWord = await signUp("BR", { email, fullName: "Ana", cpf_number: freshCpf() });
    expect(oneWord.body.errors).toEqual({ fullName: ["Enter two words of at least 2 characters each"] });
    expect(await db().select().from(players).where(sql`lower(${players.email}) = ${email}`)).toEqual([]);
  });

  it("stores a Brazilian's CPF as digits, once per person, and shows it in the profile", async () => {
    const cpf = freshCpf();
    const email = freshEmail("ana");
    const ok = await signUp("BR", { email, fullName: " Ana   Souza ", cpf_number: cpf, gender: "female" });
    expect(ok.status).toBe(201);
    expect(ok.body.profile).toMatchObject({
      cpf_number: cpf.replace(/\D/g, ""),
      fullName: "Ana Souza",
      gender: "female",
      receiveBonus: true,
    });
    // The same CPF is one account: a second sign-up with it (punctuated differently) is refused.
    const again = await signUp("BR", {
      email: freshEmail(),
      fullName: "Rui Lima",
      cpf_number: cpf.replace(/\D/g, ""),
    });
    expect(again.status).toBe(422);
    expect(again.body.errors).toEqual({ cpf_number: ["This CPF is already registered"] });
    // A field the visitor's country does not ask for is not kept.
    const au = await signUp("AU", { email: freshEmail("au"), cpf_number: freshCpf(), fullName: "Zed Ward" });
    expect(au.status).toBe(201);
    expect(au.body.profile).toMatchObject({ cpf_number: null, fullName: null });
  });

  it("refuses a filled honeypot without saying why, and creates nobody", async () => {
    const email = freshEmail("bot");
    const res = await signUp("AU", { email, captcha: "http://spam.example" });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ code: "validation_error", message: "The form could not be sent", errors: {} });
    expect(await db().select().from(players).where(sql`lower(${players.email}) = ${email}`)).toEqual([]);
  });

  it("keeps the security answer hashed, never returned, and needs the question with it", async () => {
    const email = freshEmail("pt");
    const base = {
      email,
      fullName: "Joana Dias",
      nationality: "PT",
      profession: "Engineer",
      placeOfBirth: "Porto",
      personalIdNumber: "12345678",
    };
    const noQuestion = await signUp("PT", { ...base, securityAnswer: "Rex" });
    expect(noQuestion.body.errors).toEqual({ securityQuestion: ["Choose a security question first"] });
    const noAnswer = await signUp("PT", { ...base, securityQuestion: "firstPet" });
    expect(noAnswer.body.errors).toEqual({ securityAnswer: ["Value is required"] });
    const unknown = await signUp("PT", {
      ...base,
      securityQuestion: "favouriteColour",
      securityAnswer: "Blue",
    });
    expect(unknown.body.errors).toEqual({ securityQuestion: ["The value has the wrong format"] });
    const badNation = await signUp("PT", {
      ...base,
      nationality: "XZ",
      securityQuestion: "firstPet",
      securityAnswer: "Rex",
    });
    expect(badNation.body.errors).toEqual({ nationality: ["Choose a country from the list"] });
    const ok = await signUp("PT", {
      ...base,
      securityQuestion: "firstPet",
      securityAnswer: "  Rex  the Dog ",
    });
    expect(ok.status).toBe(201);
    expect(ok.body.profile).toMatchObject({
      securityQuestion: "firstPet",
      nationality: "PT",
      profession: "Engineer",
    });
    // The answer's body without its token: a JWT's random signature may hold "rex" (it once did: "…CReXX…").
    const { accessToken: _token, ...answered } = ok.body;
    expect(JSON.stringify(answered)).not.toMatch(/rex|argon/i);
    const row = await rowOf(email);
    expect(row.securityAnswerHash).toMatch(/^\$argon2id\$/);
    const { verifyPassword } = await import("../../lib/passwords");
    expect(await verifyPassword(row.securityAnswerHash, "rex the dog")).toBe(true);
  });

  it("lets a Brazilian fill the CPF once in the profile, then only support changes it", async () => {
    const email = freshEmail("later");
    // Registered in Australia, then moved to Brazil: the profile now asks for the CPF.
    const reg = await signUp("AU", { email });
    const token = reg.body.accessToken as string;
    const put = (body: Record<string, unknown>) =>
      call({ method: "PUT", url: "/api/player/profile", token, body });
    expect((await put({ country: "BR" })).status).toBe(200);
    const fields = await scenario("profile", { "cf-ipcountry": "AU" }, token);
    expect(fields.cpf_number!.required).toBe(true);
    expect(fields).not.toHaveProperty("receiveBonus");
    const wrong = await put({ cpf_number: "123.456.789-00" });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors).toEqual({ cpf_number: ["The CPF number is not valid"] });
    const cpf = freshCpf();
    const set = await put({ cpf_number: cpf, fullName: "Lia Costa" });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ cpf_number: cpf.replace(/\D/g, ""), fullName: "Lia Costa" });
    // The same number again is no change; another is refused, and so is clearing it.
    expect((await put({ cpf_number: cpf })).status).toBe(200);
    const changed = await put({ cpf_number: freshCpf() });
    expect(changed.body.errors).toEqual({
      cpf_number: ["This can no longer be changed here. Contact support to correct it"],
    });
    expect((await put({ cpf_number: null })).status).toBe(422);
    expect((await rowOf(email)).cpfNumber).toBe(cpf.replace(/\D/g, ""));
    // Another country's fields are not kept (Brazil asks for no place of birth).
    await put({ placeOfBirth: "Recife" });
    expect((await rowOf(email)).placeOfBirth).toBeNull();
  });
});
