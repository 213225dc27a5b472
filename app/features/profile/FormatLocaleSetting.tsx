import { FORMAT_LOCALE_NAMES } from "#common/i18n/format-locale-names";
import {
  FORMAT_LOCALE_COOKIE,
  FORMAT_LOCALES,
  type FormatLocale,
  formatIntl,
  isFormatLocale,
} from "#common/i18n/format-locales";
import { CardRow } from "~/components/ui/Card";
import { Select } from "~/components/ui/Input";
import { CalendarIcon } from "~/components/ui/page-icons";
import { applyChosenFormat, useChosenFormat, useIntlLocale } from "~/lib/formats";
import { useTranslation } from "~/lib/i18n-react";

/**
 * A fixed day shown in the chosen format, so the choice is seen before it is made. A day, not a time: Node's and
 * browsers' ICU differ in the space before "PM" (U+202F or not), which would break hydration.
 */
const SAMPLE = new Date(Date.UTC(2026, 11, 24, 18, 30));
const SAMPLE_AMOUNT = "1234.5";

/** Keeps the player's format for a year in this browser (null: back to the site language's), and applies it. */
function chooseFormat(code: FormatLocale | null): void {
  // biome-ignore lint/suspicious/noDocumentCookie: one preference cookie the server reads for the first paint
  document.cookie = code
    ? `${FORMAT_LOCALE_COOKIE}=${encodeURIComponent(code)}; path=/; max-age=31536000; samesite=lax`
    : `${FORMAT_LOCALE_COOKIE}=; path=/; max-age=0; samesite=lax`;
  const intl = formatIntl(code);
  applyChosenFormat(code && intl ? { code, intl } : null);
}

/**
 * The format of dates, numbers and amounts (common/i18n/format-locales.ts): the site language's by default, or
 * one of the spec's 25 date locales. Kept in this browser (a cookie the server reads for the first paint).
 */
export function FormatLocaleSetting() {
  const { t } = useTranslation("layout");
  const chosen = useChosenFormat()?.code ?? null;
  const intl = useIntlLocale();
  const sample = `${new Intl.DateTimeFormat(intl, { dateStyle: "medium", timeZone: "UTC" }).format(SAMPLE)} · ${new Intl.NumberFormat(intl, { minimumFractionDigits: 2 }).format(Number(SAMPLE_AMOUNT))}`;
  return (
    <CardRow
      testId="format-locale"
      icon={<CalendarIcon size={18} />}
      label={t("formats.label")}
      value={<span data-testid="format-sample">{sample}</span>}
      action={
        <Select
          controlSize="sm"
          className="font-semibold"
          aria-label={t("formats.label")}
          value={chosen ?? ""}
          onChange={(e) => chooseFormat(isFormatLocale(e.target.value) ? e.target.value : null)}
        >
          <option value="">{t("formats.sameAsLanguage")}</option>
          {FORMAT_LOCALES.map((l) => (
            <option key={l.code} value={l.code}>
              {FORMAT_LOCALE_NAMES[l.code]}
            </option>
          ))}
        </Select>
      }
    />
  );
}
