import { useState } from "react";
import { useForm } from "react-hook-form";
import type { Profile, ProfileUpdateBody } from "#common/api/player";
import { COUNTRY_FIELD_NAMES, type CountryFieldName } from "#common/player-fields";
import { Card } from "~/components/ui/Card";
import { FormMessage, SubmitButton, TextField } from "~/components/ui/Field";
import { serverErrors } from "~/components/ui/form";
import { Select } from "~/components/ui/Input";
import { CountryFields, formatCpf } from "~/features/auth/forms/CountryFields";
import { fieldsOf, rulesResolver, useRuleMessages } from "~/features/auth/forms/rules";
import { useScenario } from "~/features/auth/forms/scenario";
import { isGeneratedNickname } from "~/features/profile/nickname";
import { alert } from "~/lib/alerts";
import { useTranslation } from "~/lib/i18n-react";
import { api } from "~/lib/session/client";
import { setProfile } from "~/lib/session/session";

const NAMES = [
  "nickname",
  "firstName",
  "lastName",
  "birthdate",
  "gender",
  "city",
  "address",
  "postalCode",
] as const;
/** The country's extra fields the profile may show (decision 0061); the bonus wish is a sign-up's alone. */
/** The country's extra fields the profile edits: gender is among the usual ones, receiveBonus is asked at sign-up. */
const EXTRAS = COUNTRY_FIELD_NAMES.filter(
  (n): n is Exclude<CountryFieldName, "gender" | "receiveBonus"> => n !== "gender" && n !== "receiveBonus",
);
type Name = (typeof NAMES)[number] | (typeof EXTRAS)[number];
type Values = Record<Name, string>;

const FALLBACK = fieldsOf({
  nickname: false,
  firstName: false,
  lastName: false,
  birthdate: { extra: [{ name: "minAge", min: 18 }] },
  city: false,
  address: false,
  postalCode: false,
});

/** The fields the form shows as they are stored (or empty); the others are written out in valuesOf. */
const AS_STORED = [...NAMES, ...EXTRAS].filter(
  (n): n is Exclude<Name, "nickname" | "cpf_number" | "securityAnswer"> =>
    n !== "nickname" && n !== "cpf_number" && n !== "securityAnswer",
);

const valuesOf = (p: Profile): Values => ({
  ...(Object.fromEntries(AS_STORED.map((n) => [n, p[n] ?? ""])) as Record<
    (typeof AS_STORED)[number],
    string
  >),
  // A nickname still made from the e-mail or phone is offered empty to fill (its masked form would not pass the
  // nickname's own rules, and the form could not be saved at all).
  nickname: isGeneratedNickname(p) ? "" : (p.nickname ?? ""),
  cpf_number: formatCpf(p.cpf_number),
  // Never shown: a new answer replaces the stored one.
  securityAnswer: "",
});

/**
 * The profile's personal details, judged by the server's `profile` scenario (with the player's country's extra
 * fields, decision 0061); only changed fields are sent.
 */
export function PersonalForm({ profile }: { profile: Profile }) {
  const { t } = useTranslation("layout");
  const { t: tf } = useTranslation("fields-settings");
  const messages = useRuleMessages();
  const scenario = useScenario("profile", FALLBACK);
  const names: readonly Name[] = [...NAMES, ...EXTRAS.filter((n) => n in scenario)];
  const fields = Object.fromEntries(
    Object.entries(scenario).filter(([k]) => (names as readonly string[]).includes(k)),
  );
  // A stored answer is kept when none is typed: the answer is not required again then.
  if (fields.securityAnswer && profile.securityQuestion)
    fields.securityAnswer = {
      ...fields.securityAnswer,
      rules: fields.securityAnswer.rules.filter((r) => r.name !== "requiredIf" && r.name !== "required"),
    };
  // An identity number once given is the one checked: support corrects it (decision 0061).
  const locked = (["cpf_number", "personalIdNumber"] as const).filter((n) => Boolean(profile[n]));
  const [failure, setFailure] = useState<string>();
  const form = useForm<Values>({
    resolver: rulesResolver(fields, messages),
    defaultValues: valuesOf(profile),
  });
  const { errors, isSubmitting, isDirty, dirtyFields } = form.formState;
  const req = (n: Name) => fields[n]?.required ?? false;

  const submit = form.handleSubmit(async (v) => {
    setFailure(undefined);
    const body: Record<string, unknown> = {};
    for (const n of names) {
      if (!dirtyFields[n] || (locked as readonly string[]).includes(n)) continue;
      const value = v[n].trim();
      if (n === "securityAnswer" && !value) continue;
      body[n] = n === "nickname" ? value : value === "" ? null : value;
    }
    try {
      const updated = await api().put("/player/profile", body as ProfileUpdateBody);
      setProfile(updated);
      form.reset(valuesOf(updated));
      alert.success("profile-saved");
    } catch (err) {
      setFailure(serverErrors(err, [...names], (f, e) => form.setError(f as Name, e), t("profile.failed")));
    }
  });

  const field = (
    n: (typeof NAMES)[number] & Exclude<Name, "gender">,
    extra: Partial<Parameters<typeof TextField>[0]> = {},
  ) => <TextField name={n} registration={form.register(n)} error={errors[n]} required={req(n)} {...extra} />;

  return (
    <Card title={t("profile.personal.title")} description={t("profile.personal.description")}>
      <form noValidate onSubmit={submit} className="grid gap-4 sm:grid-cols-2" data-testid="personal-form">
        <div className="sm:col-span-2">
          {field("nickname", {
            autoComplete: "nickname",
            ...(isGeneratedNickname(profile) && {
              placeholder: profile.nickname,
              hint: t("profile.personal.nicknameHint", { nickname: profile.nickname }),
            }),
          })}
        </div>
        {field("firstName", { autoComplete: "given-name" })}
        {field("lastName", { autoComplete: "family-name" })}
        {field("birthdate", { mask: "####-##-##", inputMode: "numeric", autoComplete: "bday" })}
        <div>
          <label htmlFor="gender" className="mb-1.5 block text-sm font-semibold">
            {tf("fields.gender.label")}
          </label>
          <Select id="gender" {...form.register("gender")}>
            <option value="">{tf("fields.gender.unset")}</option>
            <option value="female">{tf("fields.gender.female")}</option>
            <option value="male">{tf("fields.gender.male")}</option>
          </Select>
        </div>
        {field("city", { autoComplete: "address-level2" })}
        {field("postalCode", { autoComplete: "postal-code" })}
        <div className="sm:col-span-2">{field("address", { autoComplete: "street-address" })}</div>
        <CountryFields
          fields={fields}
          form={form}
          omit={["gender"]}
          locked={locked}
          wide="sm:col-span-2"
          answerHint={profile.securityQuestion ? t("profile.personal.answerHint") : undefined}
        />
        <div className="flex flex-col gap-3 sm:col-span-2">
          <FormMessage>{failure}</FormMessage>
          <div className="sm:max-w-56">
            <SubmitButton busy={isSubmitting} disabled={!isDirty}>
              {t("profile.save")}
            </SubmitButton>
          </div>
        </div>
      </form>
    </Card>
  );
}
