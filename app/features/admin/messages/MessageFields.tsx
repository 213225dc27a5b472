import { useState } from "react";
import { Checkbox } from "~/components/ui/Choice";
import { FormField } from "~/components/ui/FormField";
import { Textarea } from "~/components/ui/Input";
import { AdminField } from "../kit/fields";
import { FilterButtons } from "../kit/filters";
import { LOCALES, type Locale, type MessageDraft } from "./message-draft";

/** What the message says, one language at a time, where it opens and the channels it goes by. */
export function MessageFields({
  draft,
  onChange,
}: {
  draft: MessageDraft;
  onChange: (patch: Partial<MessageDraft>) => void;
}) {
  const [locale, setLocale] = useState<Locale>("en");
  const { titles, bodies } = draft;
  return (
    <>
      <h3 className="mt-2 text-sm font-bold text-muted uppercase">What</h3>
      <FilterButtons options={LOCALES} value={locale} onChange={setLocale} />
      <AdminField
        label={locale === "en" ? "Title (English, required)" : "Title (blank: the English one)"}
        value={titles[locale]}
        onChange={(v) => onChange({ titles: { ...titles, [locale]: v } })}
        maxLength={120}
      />
      <FormField label={locale === "en" ? "Text (English, required)" : "Text (blank: the English one)"}>
        {(f) => (
          <Textarea
            {...f}
            value={bodies[locale]}
            maxLength={1000}
            onChange={(e) => onChange({ bodies: { ...bodies, [locale]: e.target.value } })}
          />
        )}
      </FormField>
      <AdminField
        label="Opens on the site (optional)"
        value={draft.url}
        onChange={(url) => onChange({ url })}
        placeholder="/bonuses"
        autoComplete="off"
      />
      <fieldset className="flex flex-wrap gap-4 text-sm">
        <legend className="mb-1.5 font-semibold">Channels</legend>
        <Checkbox checked={draft.inbox} onChange={(e) => onChange({ inbox: e.target.checked })}>
          Inbox (the bell)
        </Checkbox>
        <Checkbox checked={draft.webPush} onChange={(e) => onChange({ webPush: e.target.checked })}>
          Browser push (players who turned it on)
        </Checkbox>
      </fieldset>
    </>
  );
}
