import { AdminField } from "../kit/fields";

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
      <AdminField
        label="Prefix"
        value={prefix}
        onChange={(v) => onPrefix(v.toUpperCase())}
        placeholder="SPRING-"
        maxLength={16}
        autoComplete="off"
      />
      <AdminField
        label="How many codes"
        value={count}
        onChange={onCount}
        inputMode="numeric"
        type="number"
        min={1}
        max={10000}
      />
      <AdminField
        label="Random characters"
        value={length}
        onChange={onLength}
        inputMode="numeric"
        type="number"
        min={6}
        max={16}
      />
    </>
  );
}
