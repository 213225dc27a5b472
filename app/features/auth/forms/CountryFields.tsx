import { useMemo } from "react";
import type { FieldError, FieldValues, UseFormReturn } from "react-hook-form";
import { ISO_COUNTRY_CODES } from "#common/countries";
import { intlLocale } from "#common/i18n/locales";
import { COUNTRY_FIELD_NAMES, type CountryFieldName, SECURITY_QUESTIONS } from "#common/player-fields";
import type { FieldValidation } from "#common/validation/rules";
import { CheckboxField, TextField } from "~/components/ui/Field";
import { FormField } from "~/components/ui/FormField";
import { Select } from "~/components/ui/Input";
import { countryName } from "~/features/shell/country";
import { useShellLocale } from "~/features/shell/nav";
import { useTranslation } from "~/lib/i18n-react";

export type { CountryFieldName };

/** Brazil's CPF as typed: ###.###.###-## (the server keeps the digits). */
export const CPF_MASK = "###.###.###-##";
export const formatCpf = (digits: string | null | undefined): string =>
  digits && /^\d{11}$/.test(digits)
    ? `${digits.slice(0, 3)}.${digits.slice(3, 6)}.${digits.slice(6, 9)}-${digits.slice(9)}`
    : (digits ?? "");

/** The extra fields a scenario lists, in their order. */
export const countryFieldsIn = (fields: Record<string, FieldValidation>, omit: readonly string[] = []) =>
  COUNTRY_FIELD_NAMES.filter((n) => n in fields && !omit.includes(n));

/**
 * The registration and profile fields a country's rules ask for (the server's scenario lists them): a CPF with
 * its mask, the nationality as a country list, a security question from the dictionaries with its answer, the
 * bonus wish as a checkbox. `locked` fields are shown, not edited (an identity number once given).
 */
export function CountryFields<T extends FieldValues>({
  fields,
  form,
  omit = [],
  locked = [],
  answerHint,
  wide = "",
}: {
  fields: Record<string, FieldValidation>;
  form: UseFormReturn<T>;
  omit?: readonly string[];
  locked?: readonly string[];
  /** Under the answer: the profile says a stored answer stays unless a new one is typed. */
  answerHint?: string;
  /** Classes of a field that takes a whole row of a grid. */
  wide?: string;
}) {
  const { t } = useTranslation("fields-settings");
  const locale = useShellLocale();
  const names = countryFieldsIn(fields, omit);
  const countries = useMemo(() => {
    const collator = new Intl.Collator(intlLocale(locale));
    return ISO_COUNTRY_CODES.map((code) => ({ code, name: countryName(code, locale) ?? code })).sort((a, b) =>
      collator.compare(a.name, b.name),
    );
  }, [locale]);
  const errors = form.formState.errors as Record<string, FieldError | undefined>;
  const reg = (n: string) => form.register(n as never);
  const req = (n: string) => fields[n]?.required ?? false;

  return (
    <>
      {names.map((n) => {
        if (n === "receiveBonus")
          return (
            <div key={n} className={wide}>
              <CheckboxField name={n} form={form as never} testId="receive-bonus">
                {t("fields.receiveBonus.label")}
              </CheckboxField>
            </div>
          );
        if (n === "nationality" || n === "gender" || n === "securityQuestion") {
          const options =
            n === "nationality"
              ? countries.map((c) => ({ value: c.code, label: c.name }))
              : n === "gender"
                ? ["female", "male"].map((g) => ({ value: g, label: t(`fields.gender.${g}`) }))
                : SECURITY_QUESTIONS.map((q) => ({
                    value: q,
                    label: t(`fields.securityQuestion.options.${q}`),
                  }));
          return (
            <FormField
              key={n}
              label={t(`fields.${n}.label`)}
              required={req(n)}
              error={errors[n]?.message}
              className={n === "securityQuestion" ? wide : ""}
            >
              {(f) => (
                <Select {...f} data-testid={`field-${n}`} {...reg(n)}>
                  <option value="">{t(`fields.${n}.unset`)}</option>
                  {options.map((o) => (
                    <option key={o.value} value={o.value}>
                      {o.label}
                    </option>
                  ))}
                </Select>
              )}
            </FormField>
          );
        }
        const isLocked = locked.includes(n);
        return (
          <div key={n} className={n === "additionalAddress" || n === "securityAnswer" ? wide : ""}>
            <TextField
              name={n}
              form={form as never}
              required={req(n) && !isLocked}
              readOnly={isLocked || undefined}
              data-testid={`field-${n}`}
              hint={isLocked ? t("fields.lockedHint") : n === "securityAnswer" ? answerHint : undefined}
              {...(n === "cpf_number" ? { mask: CPF_MASK, inputMode: "numeric" as const } : {})}
              autoComplete={n === "fullName" ? "name" : n === "additionalAddress" ? "address-line2" : "off"}
            />
          </div>
        );
      })}
    </>
  );
}

/**
 * The registration's hidden `captcha` field: a honeypot a bot fills and a person never sees. Out of sight, out
 * of the tab order and hidden from screen readers, so nobody is asked to leave it empty.
 */
export function Honeypot<T extends FieldValues>({ form }: { form: UseFormReturn<T> }) {
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
      <input type="text" tabIndex={-1} autoComplete="off" {...form.register("captcha" as never)} />
    </div>
  );
}
