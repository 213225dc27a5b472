import { AdminField } from "../kit/fields";

/** A bonus code or a batch's prefix: typed in any case, kept in capitals (codes are matched that way), never autofilled. */
export function PromoCodeField({
  label,
  value,
  onChange,
  placeholder,
  maxLength,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  placeholder: string;
  maxLength: number;
}) {
  return (
    <AdminField
      {...{ label, value, placeholder, maxLength }}
      onChange={(v) => onChange(v.toUpperCase())}
      autoComplete="off"
    />
  );
}

/** A batch's shape: the prefix of its codes, how many, and how many random characters follow the prefix. */
export function BatchFields({
  prefix,
  count,
  length,
  onPrefix,
  onCount,
  onLength,
}: {
  prefix: string;
  count: string;
  length: string;
  onPrefix: (v: string) => void;
  onCount: (v: string) => void;
  onLength: (v: string) => void;
}) {
  return (
    <>
      <PromoCodeField
        label="Prefix"
        value={prefix}
        onChange={onPrefix}
        placeholder="SPRING-"
        maxLength={16}
      />
      <AdminField label="How many codes" value={count} onChange={onCount} whole={[1, 10000]} />
      <AdminField label="Random characters" value={length} onChange={onLength} whole={[6, 16]} />
    </>
  );
}
