import { useMemo } from "react";
import type { FieldValues, Resolver } from "react-hook-form";
import type { FieldValidation, Rule } from "#common/validation/rules";
import { FIELD_RULES, RULE_MESSAGES, validateForm } from "#common/validation/rules";
import { useTranslation } from "~/lib/i18n-react";

/** Spec point 5's messages: the defaults, overridden by the locale's content (fields-settings `validation`). */
export function useRuleMessages(): Record<string, string> {
  const { t } = useTranslation("fields-settings");
  const overrides = t("validation", { returnObjects: true }) as unknown;
  return useMemo(() => {
    const out = { ...RULE_MESSAGES };
    if (overrides && typeof overrides === "object")
      for (const [k, v] of Object.entries(overrides)) if (typeof v === "string" && v.trim()) out[k] = v;
    return out;
  }, [overrides]);
}

/** A form's fields with the spec's field rules; `required` marks the ones the form needs. */
export function fieldsOf(
  spec: Record<string, { required?: boolean; extra?: Rule[] } | boolean>,
): Record<string, FieldValidation> {
  const out: Record<string, FieldValidation> = {};
  for (const [name, v] of Object.entries(spec)) {
    const { required = false, extra = [] } = typeof v === "boolean" ? { required: v } : v;
    const rules = [...(FIELD_RULES[name] ?? []), ...extra].filter((r) => r.name !== "required");
    out[name] = { required, rules: required ? [{ name: "required" }, ...rules] : rules };
  }
  return out;
}

/** react-hook-form's resolver over the shared validateForm: the same judgement as the server's. */
export function rulesResolver<T extends FieldValues>(
  fields: Record<string, FieldValidation>,
  messages: Record<string, string>,
): Resolver<T> {
  return async (values) => {
    const errors = validateForm(fields, values as Record<string, unknown>, { now: new Date(), messages });
    const entries = Object.entries(errors);
    if (entries.length === 0) return { values, errors: {} };
    return {
      values: {},
      errors: Object.fromEntries(entries.map(([k, [m]]) => [k, { type: "rule", message: m }])) as never,
    };
  };
}
