import { AdminField } from "../kit/fields";
import { FilterButtons } from "../kit/filters";
import { SegmentChips } from "./SegmentChips";
import { parseCountries, type SegmentDraft } from "./segment";
import { useCountries, useCurrencies, useLevels } from "./site-lists";

const ACTIVITY = [
  ["any", "Any"],
  ["active", "Active within"],
  ["inactive", "Inactive for"],
] as const;

/** Who receives the message: countries, account currencies, loyalty levels and last activity. */
export function SegmentFields({
  draft,
  onChange,
}: {
  draft: SegmentDraft;
  onChange: (patch: Partial<SegmentDraft>) => void;
}) {
  const known = useCountries().data;
  const currencies = useCurrencies().data;
  const levels = useLevels().data;
  const countries = parseCountries(draft.countryText, known);
  return (
    <>
      <h3 className="text-sm font-bold text-muted uppercase">Who</h3>
      <div>
        <AdminField
          label="Countries (codes, comma-separated; blank: all)"
          value={draft.countryText}
          onChange={(countryText) => onChange({ countryText })}
          placeholder="DE, AT"
          autoComplete="off"
        />
        {countries.unknown.length > 0 && (
          <p role="alert" className="mt-1 text-xs text-danger">
            Not a country of the site: {countries.unknown.join(", ")}
          </p>
        )}
        {countries.codes.length > 0 && known && (
          <p className="mt-1 text-xs text-muted">
            {countries.codes.map((c) => known.find((k) => k.code === c)?.name ?? c).join(", ")}
          </p>
        )}
      </div>
      <SegmentChips
        label="Has an account in"
        testId="admin-segment-currencies"
        options={(currencies ?? []).filter((c) => c.isEnabled).map((c) => [c.code, c.code] as const)}
        chosen={draft.currencies}
        onChange={(v) => onChange({ currencies: v })}
      />
      <SegmentChips
        label="Loyalty level"
        options={[[0, "No level yet"] as const, ...(levels ?? []).map((l) => [l.order, l.name] as const)]}
        chosen={draft.levels}
        onChange={(v) => onChange({ levels: v })}
      />
      <div className="grid gap-2">
        <p className="text-sm font-semibold">Last activity</p>
        <div className="flex flex-wrap items-center gap-3">
          <FilterButtons
            options={ACTIVITY}
            value={draft.activity}
            onChange={(activity) => onChange({ activity })}
          />
          {draft.activity !== "any" && (
            <div className="w-32">
              <AdminField
                label="Days"
                value={draft.days}
                onChange={(days) => onChange({ days })}
                whole={[1, 3650]}
              />
            </div>
          )}
        </div>
      </div>
    </>
  );
}
