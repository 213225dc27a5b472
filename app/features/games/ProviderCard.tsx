import { Link } from "react-router";
import type { GameProvider } from "#common/api/game";
import { useLocalePath } from "~/features/shell/nav";
import { useTranslation } from "~/lib/i18n-react";

export const providerPath = (identity: string) => `/games/providers/${encodeURIComponent(identity)}`;

/** A studio: its logo, name and how many games it has here. */
export function ProviderCard({ provider, onPick }: { provider: GameProvider; onPick?: () => void }) {
  const { t } = useTranslation("layout");
  const href = useLocalePath();
  return (
    <Link
      to={href(providerPath(provider.identity))}
      onClick={onPick}
      data-testid="provider-card"
      data-identity={provider.identity}
      className="group flex flex-col gap-3 rounded-2xl border border-line bg-surface p-3 transition hover:-translate-y-0.5 hover:border-accent/50"
    >
      {/* The logo plate carries the studio's name; the alt text gives it to screen readers. */}
      <img
        src={provider.logo}
        alt={provider.name}
        loading="lazy"
        className="aspect-[17/4] w-full rounded-xl object-cover"
      />
      <span className="flex items-center justify-between gap-2 px-1 text-xs text-muted">
        <span>{t("games.providers.count", { count: provider.gamesCount })}</span>
        <span aria-hidden="true" className="transition group-hover:translate-x-0.5 group-hover:text-accent">
          →
        </span>
      </span>
    </Link>
  );
}

export function ProviderCardSkeleton() {
  return <div className="h-[7.5rem] animate-pulse rounded-2xl bg-surface-2" aria-hidden="true" />;
}
