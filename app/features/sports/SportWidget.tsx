import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { preload } from "react-dom";
import type { WidgetHandle, WidgetName, WidgetPropsByName } from "#common/sportsbook-widgets";
import { Pressable } from "~/components/ui/Button";
import { useTranslation } from "~/lib/i18n-react";
import { ServerHtml, useServerHtml } from "~/lib/server-html";
import { useSportsbook } from "./use-sportsbook";

/**
 * One sportsbook widget in a container of reserved size: the page does not move when the script arrives
 * (a skeleton holds the place). The script owns the inner element; React never renders into it.
 */
export function SportWidget<N extends WidgetName>({
  name,
  props,
  minHeight,
  className = "",
  firstScreen,
}: {
  name: N;
  props: WidgetPropsByName[N];
  /** The height reserved before the widget draws, in CSS pixels. */
  minHeight: number;
  className?: string;
  /** The server-drawn screen that holds the place instead of the skeleton, if the page has it (first-screen.ts). */
  firstScreen?: string;
}) {
  const { t } = useTranslation("layout");
  const book = useSportsbook();
  const host = useRef<HTMLDivElement>(null);
  const handle = useRef<WidgetHandle<N> | undefined>(undefined);
  const latest = useRef(props);
  latest.current = props;
  const [mounted, setMounted] = useState(false);
  const sdk = book.status === "ready" ? book.sdk : undefined;
  const drawn = useServerHtml(firstScreen);
  // The copy's first card art is a phone's largest paint: named in the head with a high priority, it comes
  // before the scripts and is in the first paint (left to the markup it queued behind them, ~0.2-0.4 s later).
  if (drawn?.image) preload(drawn.image, { as: "image", fetchPriority: "high" });

  // Before paint: the widget's first drawing and the server's copy leaving are one frame (the page neither
  // doubles in height nor flashes empty).
  useLayoutEffect(() => {
    if (!sdk || !host.current) return;
    const h = sdk.addWidget(host.current, name, latest.current);
    handle.current = h;
    setMounted(true);
    return () => {
      h.remove();
      handle.current = undefined;
      setMounted(false);
    };
  }, [sdk, name]);

  const key = JSON.stringify(props);
  // biome-ignore lint/correctness/useExhaustiveDependencies: key stands for the props' content
  useEffect(() => {
    handle.current?.update(latest.current);
  }, [key]);

  return (
    <div
      className={`relative ${className}`}
      style={{ minHeight }}
      data-sport-widget={name}
      data-ready={mounted}
    >
      <div ref={host} />
      {mounted ? null : firstScreen && drawn && book.status !== "failed" ? (
        <ServerHtml id={firstScreen} part={drawn} />
      ) : (
        <div className="absolute inset-0" aria-busy={book.status === "loading"}>
          {book.status === "failed" ? (
            <div className="flex h-full min-h-32 flex-col items-center justify-center gap-3 rounded-card border border-dashed border-line p-6 text-center text-muted">
              <p>{t("sports.failed")}</p>
              <Pressable
                onClick={book.retry}
                className="rounded-xl border border-line bg-surface-2 px-4 py-2 text-sm font-semibold text-fg"
              >
                {t("sports.retry")}
              </Pressable>
            </div>
          ) : (
            <div className="flex h-full flex-col gap-3" role="status" aria-label={t("sports.loading")}>
              <div className="h-9 w-2/3 animate-pulse rounded-full bg-surface-2" />
              <div className="flex-1 animate-pulse rounded-card bg-surface" />
            </div>
          )}
        </div>
      )}
    </div>
  );
}
