import { forwardRef, type SelectHTMLAttributes, useMemo } from "react";
import type { Profile, ProfileUpdateBody } from "#common/api/player";
import type { CustomerField } from "#common/api/wallet";
import { ISO_COUNTRY_CODES } from "#common/countries";
import { compareAmounts } from "#common/money";
import { countryName } from "~/features/shell/country";
import { useShellLocale } from "~/features/shell/nav";
import { api } from "~/lib/session/client";
import { setProfile } from "~/lib/session/session";

/**
 * What a payment form asks that the player's profile keeps: given once (a card deposit's name, a withdrawal's
 * address), it is there the next time. Phone and e-mail are not among them: changing either unverifies it.
 */
const PROFILE_FIELDS = ["firstName", "lastName", "address", "city", "postalCode", "country"] as const;
type ProfileField = (typeof PROFILE_FIELDS)[number];

/**
 * Keeps in the profile what the player typed into a payment form where the profile had nothing: it never
 * overwrites what the player set in their personal details. Best effort: the payment is made whatever happens.
 */
export async function rememberDetails(
  profile: Profile | null,
  fields: Partial<Record<CustomerField, string>>,
): Promise<void> {
  if (!profile) return;
  const body: ProfileUpdateBody = {};
  for (const f of PROFILE_FIELDS) {
    const given = fields[f]?.trim();
    if (given && !profile[f as ProfileField]) body[f] = given;
  }
  if (Object.keys(body).length === 0) return;
  try {
    setProfile(await api().put("/player/profile", body));
  } catch {
    // The next form asks again: nothing is lost but a prefill.
  }
}

/**
 * Quick amounts of a withdrawal: none above what can be withdrawn, and the whole of it first when the method
 * takes it (`wholeFits`), as that is what most players came for.
 */
export function withdrawalQuickAmounts(quick: string[], withdrawable: string, wholeFits: boolean): string[] {
  const below = quick.filter((q) => compareAmounts(q, withdrawable) < 0);
  return wholeFits && compareAmounts(withdrawable, "0") > 0 ? [withdrawable, ...below] : below;
}

/** The country of an address, by name in the player's language (a code typed by hand was the form's weak spot). */
export const CountrySelect = forwardRef<HTMLSelectElement, SelectHTMLAttributes<HTMLSelectElement>>(
  function CountrySelect(props, ref) {
    const locale = useShellLocale();
    const options = useMemo(
      () =>
        ISO_COUNTRY_CODES.map((code) => ({ code, name: countryName(code, locale) ?? code })).sort((a, b) =>
          a.name.localeCompare(b.name, locale),
        ),
      [locale],
    );
    return (
      <select ref={ref} autoComplete="country" {...props}>
        <option value="" />
        {options.map((o) => (
          <option key={o.code} value={o.code}>
            {o.name}
          </option>
        ))}
      </select>
    );
  },
);
