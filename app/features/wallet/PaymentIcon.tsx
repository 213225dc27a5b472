/** The spec's icon names for payment methods, as files in public/icons/payments (44×24 marks). */
const FILES: Record<string, string> = {
  masterCard: "mastercard",
};

/** A payment method's mark on a white tile, so every brand reads the same on dark and light. */
export function PaymentIcon({ name, height = 36 }: { name: string; height?: number }) {
  const width = Math.round(height * 1.5);
  return (
    <span
      className="grid shrink-0 place-items-center rounded-lg bg-white ring-1 ring-black/10"
      style={{ width, height }}
    >
      <img
        src={`/icons/payments/${FILES[name] ?? name}.svg`}
        alt=""
        width={Math.round(width * 0.86)}
        height={Math.round(height * 0.8)}
        loading="lazy"
      />
    </span>
  );
}
