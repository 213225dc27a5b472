import { useState } from "react";
import { Link } from "react-router";
import { StudioIcon } from "~/components/ui/icons";
import { useLocalePath } from "~/features/shell/nav";
import { useTranslation } from "~/lib/i18n-react";
import { ModalFrame } from "~/modals/ModalFrame";
import { providerPath } from "../ProviderCard";
import { gameQueries, useLobby } from "../queries";
import { InlineError } from "../states";

/** `?providers=true`: the studios, narrowed by typing, each to its own page; and the full providers page. */
export default function Providers() {
  const { t } = useTranslation("modals");
  const href = useLocalePath();
  const providers = useLobby(gameQueries.providers());
  const [text, setText] = useState("");
  const list = (providers.data ?? []).filter(
    (p) => p.gamesCount > 0 && p.name.toLowerCase().includes(text.trim().toLowerCase()),
  );
  return (
    <ModalFrame icon={<StudioIcon size={22} />} title={t("providers.title")}>
      <div className="flex flex-col gap-4">
        <input
          type="search"
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder={t("providers.filter")}
          aria-label={t("providers.filter")}
          className="h-11 w-full rounded-xl border border-line bg-bg/60 px-4 text-sm outline-none focus:border-accent focus:ring-2 focus:ring-accent/25"
        />
        {providers.error && !providers.data ? (
          <InlineError text={t("games.loadFailed")} onRetry={providers.retry} />
        ) : !providers.data ? (
          <div className="grid grid-cols-2 gap-2" aria-hidden="true">
            {[0, 1, 2, 3, 4, 5].map((i) => (
              <div key={i} className="h-20 animate-pulse rounded-xl bg-surface-2" />
            ))}
          </div>
        ) : list.length === 0 ? (
          <p className="py-6 text-center text-sm text-muted">{t("providers.none")}</p>
        ) : (
          <ul className="grid grid-cols-2 gap-2">
            {list.map((p) => (
              <li key={p.id}>
                <Link
                  to={href(providerPath(p.identity))}
                  className="flex flex-col gap-1.5 rounded-xl border border-line p-2 transition-colors hover:border-accent/50 hover:bg-surface-2"
                >
                  <img
                    src={p.logo}
                    alt=""
                    loading="lazy"
                    className="aspect-[17/4] w-full rounded-lg object-cover"
                  />
                  <span className="flex items-baseline justify-between gap-2 px-0.5 text-xs">
                    <span className="truncate font-semibold">{p.name}</span>
                    <span className="text-muted">{p.gamesCount}</span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
        <Link
          to={href("/games/providers")}
          className="text-center text-sm font-semibold text-accent hover:underline"
        >
          {t("providers.all")}
        </Link>
      </div>
    </ModalFrame>
  );
}
