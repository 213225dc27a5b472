import { useState } from "react";
import type {
  AdminBonus,
  AdminBonusChangeBody,
  AdminBonusCreateBody,
  BonusKind,
} from "#common/api/admin-bonuses";
import { Button } from "~/components/ui/Button";
import { ApiRequestError } from "~/lib/api";
import { adminApi } from "../api";
import { useSaveAndRefresh } from "../kit/EditableRow";
import { errorText } from "../kit/errors";
import { submitWith } from "../kit/fields";
import { Panel } from "../kit/Panel";
import { bonusInputs } from "./BonusField";
import { BonusIdentity } from "./BonusIdentity";
import { BonusRules } from "./BonusRules";
import { BonusTexts } from "./BonusTexts";
import { type BonusForm, formOf, termsOf } from "./bonus-form";
import { type BonusMeta, KIND_NAME, where } from "./bonus-kinds";
import { errorFor } from "./field-errors";
import { BONUSES_KEY } from "./queries";

/**
 * A bonus's form, new or existing: its texts and terms. An edit sends only what changed, so the audit record
 * says what this edit was; players who hold the bonus keep the terms they got.
 */
export function BonusEditor({
  bonus,
  meta,
  creating,
  onClose,
}: {
  bonus: AdminBonus;
  meta: BonusMeta;
  creating: boolean;
  onClose: () => void;
}) {
  const [kind, setKind] = useState<BonusKind>(bonus.kind);
  const [pageIdentity, setPageIdentity] = useState(bonus.pageIdentity);
  const [form, setForm] = useState<BonusForm>(() => formOf(bonus));
  const [local, setLocal] = useState<Record<string, string>>({});
  const [saved, setSaved] = useState<AdminBonus | undefined>();
  const set = (k: string, v: string) => setForm((f) => ({ ...f, [k]: v }));
  const save = useSaveAndRefresh(
    async () => {
      const problems: Record<string, string> = {};
      const terms = termsOf(form, problems);
      setLocal(problems);
      if (Object.keys(problems).length) throw new Error("Some fields are not valid");
      if (creating) {
        const body: AdminBonusCreateBody = { kind, pageIdentity, ...terms };
        return (await adminApi.post("/admin/bonuses", body)).data;
      }
      const original = termsOf(formOf(bonus), {});
      const changed = Object.fromEntries(
        Object.entries(terms).filter(
          ([k, v]) => JSON.stringify(v) !== JSON.stringify(original[k as keyof typeof original]),
        ),
      ) as AdminBonusChangeBody;
      if (Object.keys(changed).length === 0) return bonus;
      return (await adminApi.patch(`/admin/bonuses/${bonus.id}`, changed)).data;
    },
    BONUSES_KEY,
    (b) => {
      setSaved(b);
      if (creating) onClose();
    },
  );
  const serverErrors = save.error instanceof ApiRequestError ? save.error.body.errors : {};
  const f = bonusInputs(form, set, (field) => local[field] ?? errorFor(field, serverErrors));
  const submit = submitWith(() => save.mutate());
  const shown = saved ?? bonus;
  return (
    <Panel
      title={creating ? "New bonus" : `Edit: ${shown.preview.name}`}
      testId="admin-bonus-editor"
      actions={
        <Button size="sm" variant="ghost" onClick={onClose}>
          Close
        </Button>
      }
    >
      <form onSubmit={submit} noValidate className="grid grid-cols-1 gap-5">
        {creating ? (
          <BonusIdentity
            kind={kind}
            pageIdentity={pageIdentity}
            error={errorFor("pageIdentity", serverErrors)}
            onKind={setKind}
            onPageIdentity={setPageIdentity}
          />
        ) : (
          <p className="text-sm text-muted">
            {KIND_NAME[bonus.kind]} · {where(bonus)} · given {bonus.issued} times. Players who hold it keep
            the terms they got; a change applies to what is given from now on.
          </p>
        )}
        <label className="flex items-center gap-2 text-sm font-semibold">
          <input
            type="checkbox"
            checked={form.isEnabled === "on"}
            onChange={(e) => set("isEnabled", e.target.checked ? "on" : "")}
            className="size-4 accent-[var(--c-accent)]"
          />
          On: offered and given to players
        </label>
        <BonusTexts f={f} meta={meta} preview={creating ? undefined : shown.preview} />
        <BonusRules f={f} kind={kind} baseCurrency={meta.baseCurrency} />
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={save.isPending}>
            {creating ? "Create" : "Save"}
          </Button>
          {save.isError && (
            <span role="alert" className="text-sm text-danger">
              {errorText(save.error, save.error instanceof Error ? save.error.message : "Could not save")}
            </span>
          )}
          {save.isSuccess && !creating && (
            <span role="status" className="text-sm text-success">
              Saved
            </span>
          )}
        </div>
      </form>
    </Panel>
  );
}
