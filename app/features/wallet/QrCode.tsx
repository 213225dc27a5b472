import { useMemo } from "react";
import { encode } from "uqr";

/** A URI as a QR code (a payment's, a back-office second factor's), drawn as one SVG path (loaded lazily: only a crypto deposit needs it). */
export default function QrCode({
  value,
  size = 200,
  label,
  testId = "deposit-qr",
}: {
  value: string;
  size?: number;
  label: string;
  testId?: string;
}) {
  const { path, n } = useMemo(() => {
    const qr = encode(value, { ecc: "M", border: 2 });
    let d = "";
    qr.data.forEach((row, y) => {
      row.forEach((on, x) => {
        if (on) d += `M${x} ${y}h1v1h-1z`;
      });
    });
    return { path: d, n: qr.size };
  }, [value]);
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${n} ${n}`}
      width={size}
      height={size}
      shapeRendering="crispEdges"
      className="rounded-xl bg-white"
      data-testid={testId}
    >
      <path d={path} fill="#0b0f1c" />
    </svg>
  );
}
