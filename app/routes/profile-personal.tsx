import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { Profile, ProfileUpdateBody } from "#common/api/player";
import { Card } from "~/components/ui/Card";
import { FormMessage, SubmitButton, TextField } from "~/components/ui/Field";
import { serverErrors } from "~/components/ui/form";
import { Select } from "~/components/ui/Input";
import { fieldsOf, rulesResolver, useRuleMessages } from "~/features/auth/forms/rules";
import { useScenario } from "~/features/auth/forms/scenario";
import { isGeneratedNickname } from "~/features/profile/nickname";
import { alert } from "~/lib/alerts";
import { api } from "~/lib/session/client";
import { setProfile } from "~/lib/session/session";
import { useProfile } from "~/lib/session/use-session";

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
type Name = (typeof NAMES)[number];
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

// A nickname still made from the e-mail or phone is offered empty to fill (its masked form would not pass the
// nickname's own rules, and the form could not be saved at all).
const valuesOf = (p: Profile): Values => ({
  nickname: isGeneratedNickname(p) ? "" : (p.nickname ?? ""),
  firstName: p.firstName ?? "",
  lastName: p.lastName ?? "",
  birthdate: p.birthdate ?? "",
  gender: p.gender ?? "",
  city: p.city ?? "",
  address: p.address ?? "",
  postalCode: p.postalCode ?? "",
});

/** /profile/personal: the profile form, judged by the server's `profile` scenario; only changed fields are sent. */
export default function ProfilePersonal() {
  const profile = useProfile();
  if (!profile) return null;
  return <PersonalForm profile={profile} />;
}

function PersonalForm({ profile }: { profile: Profile }) {
  const { t } = useTranslation("layout");
  const { t: tf } = useTranslation("fields-settings");
  const messages = useRuleMessages();
  const scenario = useScenario("profile", FALLBACK);
  const fields = Object.fromEntries(
    Object.entries(scenario).filter(([k]) => (NAMES as readonly string[]).includes(k)),
  );
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
    for (const n of NAMES) {
      if (!dirtyFields[n]) continue;
      const value = v[n].trim();
      body[n] = n === "nickname" ? value : value === "" ? null : value;
    }
    try {
      const updated = await api().put("/player/profile", body as ProfileUpdateBody);
      setProfile(updated);
      form.reset(valuesOf(updated));
      alert.success("profile-saved");
    } catch (err) {
      setFailure(serverErrors(err, [...NAMES], (f, e) => form.setError(f as Name, e), t("profile.failed")));
    }
  });

  const field = (n: Exclude<Name, "gender">, extra: Partial<Parameters<typeof TextField>[0]> = {}) => (
    <TextField name={n} registration={form.register(n)} error={errors[n]} required={req(n)} {...extra} />
  );

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
