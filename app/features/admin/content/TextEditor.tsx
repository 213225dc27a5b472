import { type ReactNode, useId, useMemo, useState } from "react";
import type { AdminContentList, ContentText } from "#common/api/admin-content";
import { Button } from "~/components/ui/Button";
import { Prose } from "~/features/content/Prose";
import { errorText, fieldErrors } from "../kit/errors";
import { AdminField, submitWith } from "../kit/fields";
import { IDENTITY_EXAMPLE } from "./content-words";
import { FieldInput } from "./FieldInput";
import { formOf, previewHtml, type TextForm, textOf } from "./text-form";

/** The fields, the body and its preview; `withIdentity` asks for a new entry's identity. */
export function TextEditor({
  list,
  initial,
  editable,
  busy,
  error,
  submitLabel,
  onSubmit,
  withIdentity,
  extra,
}: {
  list: AdminContentList;
  initial: ContentText | null;
  editable: boolean;
  busy: boolean;
  error: unknown;
  submitLabel: string;
  onSubmit: (text: ContentText, identity: string) => void;
  withIdentity?: boolean;
  extra?: ReactNode;
}) {
  const [form, setForm] = useState<TextForm>(() => formOf(initial));
  const [identity, setIdentity] = useState("");
  const bodyId = useId();
  const errors = fieldErrors(error);
  const html = useMemo(() => previewHtml(form.body, list.kind === "banner"), [form.body, list.kind]);
  const submit = submitWith(() => onSubmit(textOf(form, list.fields), identity.trim()));
  const unknownError = error && Object.keys(errors).length === 0 ? errorText(error) : undefined;
  return (
    <form onSubmit={submit} className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-4" aria-label="Entry text">
      {withIdentity && (
        <div className="grid gap-1">
          <AdminField
            label="Identity (in the address)"
            value={identity}
            onChange={setIdentity}
            placeholder={IDENTITY_EXAMPLE[list.kind]}
          />
          {errors.identity && <p className="text-xs text-danger">{errors.identity}</p>}
        </div>
      )}
      <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-3 sm:grid-cols-2">
        {list.fields.map((f) => (
          <FieldInput
            key={f.name}
            field={f}
            value={form.attributes[f.name] ?? ""}
            disabled={!editable}
            error={errors[f.name]}
            onChange={(v) => setForm({ ...form, attributes: { ...form.attributes, [f.name]: v } })}
          />
        ))}
      </div>
      <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-3 lg:grid-cols-2">
        <label htmlFor={bodyId} className="grid content-start gap-1.5 text-sm font-semibold">
          {list.bodyLabel}
          <textarea
            id={bodyId}
            value={form.body}
            disabled={!editable}
            onChange={(e) => setForm({ ...form, body: e.target.value })}
            rows={list.kind === "banner" ? 4 : 14}
            className="w-full min-w-0 rounded-xl border border-line bg-bg/60 p-3 font-mono text-sm font-normal text-fg outline-none focus:border-accent focus:ring-2 focus:ring-accent/25"
          />
          {errors.body && <span className="text-xs text-danger">{errors.body}</span>}
        </label>
        <div className="grid min-w-0 content-start gap-1.5">
          <p className="text-sm font-semibold">Preview</p>
          <div
            data-testid="admin-content-preview"
            className="max-h-96 min-w-0 overflow-auto rounded-xl border border-line bg-bg/40 p-3 text-sm"
          >
            <Prose html={html} />
          </div>
        </div>
      </div>
      {unknownError && (
        <p role="alert" className="text-sm text-danger">
          {unknownError}
        </p>
      )}
      {editable && (
        <div className="flex flex-wrap gap-2">
          <Button type="submit" size="sm" disabled={busy}>
            {submitLabel}
          </Button>
          {extra}
        </div>
      )}
    </form>
  );
}
