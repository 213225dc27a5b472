import type { ContentField } from "#common/api/admin-content";
import { AdminField, AdminSelect } from "../kit/fields";

/** A front matter field as the form shows it. */
export function FieldInput({
  field,
  value,
  onChange,
  disabled,
  error,
}: {
  field: ContentField;
  value: string;
  onChange: (v: string) => void;
  disabled: boolean;
  error?: string;
}) {
  const label = `${field.label}${field.required ? "" : " (optional)"}`;
  return (
    <div className="grid min-w-0 gap-1">
      {field.type === "select" ? (
        <AdminSelect label={label} value={value} disabled={disabled} onChange={onChange}>
          {(!field.required || !value) && <option value="">—</option>}
          {field.options?.map((o) => (
            <option key={o} value={o}>
              {o}
            </option>
          ))}
        </AdminSelect>
      ) : (
        <AdminField
          label={label}
          type={field.type === "number" ? "number" : "text"}
          value={value}
          disabled={disabled}
          onChange={onChange}
        />
      )}
      {field.hint && <p className="text-xs text-muted">{field.hint}</p>}
      {error && (
        <p role="alert" className="text-xs text-danger">
          {error}
        </p>
      )}
    </div>
  );
}
