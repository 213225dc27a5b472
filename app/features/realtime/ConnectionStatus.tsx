import { useTranslation } from "react-i18next";
import { type ConnectionState, useConnectionState } from "~/lib/realtime";

const DOT: Record<ConnectionState, string> = {
  connected: "bg-success",
  connecting: "bg-gold animate-pulse",
  disconnected: "bg-danger",
};

/** The live-updates indicator: a dot with its state spelled out for screen readers and on hover. */
export function ConnectionStatus({ className = "" }: { className?: string }) {
  const state = useConnectionState();
  const { t } = useTranslation("global-components");
  const label = t(`realtime.${state}`);
  return (
    <span
      className={`inline-flex items-center gap-1.5 text-xs text-muted ${className}`}
      title={label}
      data-connection-state={state}
    >
      <span aria-hidden className={`size-2 rounded-full ${DOT[state]}`} />
      <span className="sr-only">{label}</span>
    </span>
  );
}
