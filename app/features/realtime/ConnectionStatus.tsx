import { useTranslation } from "~/lib/i18n-react";
import { type ConnectionState, useConnectionState } from "~/lib/realtime";
import { useOnlineCount } from "./use-online-count";

const DOT: Record<ConnectionState, string> = {
  connected: "bg-success",
  connecting: "bg-gold animate-pulse",
  disconnected: "bg-danger",
};

/**
 * The live-updates indicator: a dot with its state spelled out for screen readers and on hover, and, on wider
 * screens while connected, how many people are online now (live from `global:online`).
 */
export function ConnectionStatus({
  className = "",
  countClassName = "hidden lg:inline-block",
}: {
  className?: string;
  /** Where the count is written out (a full signed-in header leaves room for the dot only below 2xl). */
  countClassName?: string;
}) {
  const state = useConnectionState();
  const online = useOnlineCount();
  const { t, i18n } = useTranslation("global-components");
  const label = t(`realtime.${state}`);
  const showCount = state === "connected" && online !== undefined;
  const countText = showCount
    ? t("realtime.online", { count: online, formatted: online.toLocaleString(i18n.language) })
    : "";
  return (
    <span
      className={`inline-flex shrink-0 items-center gap-1.5 whitespace-nowrap text-xs text-muted ${className}`}
      title={showCount ? `${label} · ${countText}` : label}
      data-connection-state={state}
    >
      {/* The dot is named for what it says (issue 36: a bare green dot on a phone, where the count is not written
          out): the state, and the count once known. */}
      <span
        role="img"
        aria-label={showCount ? `${label} · ${countText}` : label}
        data-testid="connection-dot"
        className={`size-2 rounded-full ${DOT[state]}`}
      />
      {/* The count's room is held before it arrives (an empty box of its usual width), so the header does not
          move when the connection opens (layout shift, issue #20). */}
      <span
        className={`h-4 min-w-[4.75rem] font-medium tabular-nums ${countClassName}`}
        data-online-count={showCount ? online : undefined}
        aria-live="polite"
      >
        {countText}
      </span>
    </span>
  );
}
