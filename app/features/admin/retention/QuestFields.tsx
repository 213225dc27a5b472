import { AdminField, bindFields } from "../kit/fields";
import { TRANSLATED_LOCALES } from "../kit/format";
import type { QuestForm } from "./quest-form";

/** A quest's identity (when new), texts in each language, offer window, run time and order. */
export function QuestFields({
  form: f,
  isNew,
  onChange: setF,
}: {
  form: QuestForm;
  isNew: boolean;
  onChange: (f: QuestForm) => void;
}) {
  const bind = bindFields(f, setF);
  const translate = (code: string, patch: Partial<{ name: string; description: string }>) =>
    setF({ ...f, translations: { ...f.translations, [code]: { ...f.translations[code]!, ...patch } } });
  return (
    <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-3 sm:grid-cols-2">
      {isNew && <AdminField label="Identity (letters, digits, -)" {...bind("identity")} />}
      <AdminField label="Name (English)" {...bind("name")} />
      <AdminField label="Description (English)" {...bind("description")} />
      {TRANSLATED_LOCALES.map(([code, label]) => (
        <div key={code} className="contents">
          <AdminField
            label={`Name (${label})`}
            value={f.translations[code]!.name}
            onChange={(name) => translate(code, { name })}
          />
          <AdminField
            label={`Description (${label})`}
            value={f.translations[code]!.description}
            onChange={(description) => translate(code, { description })}
          />
        </div>
      ))}
      <AdminField label="Offered from (UTC, empty: now)" type="datetime-local" {...bind("startsAt")} />
      <AdminField label="Offered until (UTC, empty: open)" type="datetime-local" {...bind("endsAt")} />
      <AdminField
        label="Runs for, once activated (hours; empty: until the offer ends)"
        inputMode="numeric"
        {...bind("durationHours")}
      />
      <AdminField label="Order (lower first)" inputMode="numeric" {...bind("sortOrder")} />
    </div>
  );
}
