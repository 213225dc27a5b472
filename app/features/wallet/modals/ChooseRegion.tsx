import { useEffect, useMemo, useState } from "react";
import { Pressable } from "~/components/ui/Button";
import { SearchField } from "~/components/ui/Field";
import { GlobeIcon } from "~/components/ui/icons";
import { countryName } from "~/features/shell/country";
import { useShellLocale } from "~/features/shell/nav";
import { useTranslation } from "~/lib/i18n-react";
import { api } from "~/lib/session/client";
import { ModalFrame } from "~/modals/ModalFrame";
import type { ModalProps } from "~/modals/registry";
import { setRegion, useWallet } from "../store";

/** `?wallet-choose-region=true`: the payment region (local storage `paymentGeo`), sent as the methods' country. */
export default function ChooseRegion({ close }: ModalProps) {
  const { t } = useTranslation("modals");
  const locale = useShellLocale();
  const region = useWallet((s) => s.region);
  const [codes, setCodes] = useState<string[]>();
  const [query, setQuery] = useState("");

  useEffect(() => {
    api()
      .get("/settings/countries")
      .then((r) => setCodes(r.data.filter((c) => !c.restrict).map((c) => c.code)))
      .catch(() => setCodes([]));
  }, []);

  const list = useMemo(() => {
    const q = query.trim().toLowerCase();
    return (codes ?? [])
      .map((code) => ({ code, name: countryName(code, locale) ?? code }))
      .filter((c) => !q || c.name.toLowerCase().includes(q) || c.code.toLowerCase() === q)
      .sort((a, b) => a.name.localeCompare(b.name));
  }, [codes, query, locale]);

  const pick = (code: string | null) => {
    setRegion(code);
    close();
  };
  const row = (on: boolean) =>
    `flex w-full items-center justify-between rounded-xl px-3 py-2.5 text-left text-sm transition-colors ${on ? "bg-accent/10 font-semibold" : "hover:bg-surface-2"}`;

  return (
    <ModalFrame
      icon={<GlobeIcon size={22} />}
      title={t("wallet-choose-region.title")}
      description={t("wallet-choose-region.text")}
    >
      <SearchField label={t("wallet-choose-region.search")} value={query} onChange={setQuery} />
      <ul className="mt-3 flex max-h-80 flex-col gap-0.5 overflow-y-auto">
        <li>
          <Pressable onClick={() => pick(null)} className={row(!region)}>
            <span>{t("wallet-choose-region.auto")}</span>
            <span className="text-xs text-muted">{t("wallet-choose-region.autoHint")}</span>
          </Pressable>
        </li>
        {!codes && <li className="h-10 animate-pulse rounded-xl bg-surface-2" />}
        {list.map((c) => (
          <li key={c.code}>
            <Pressable
              data-testid={`region-${c.code}`}
              onClick={() => pick(c.code)}
              className={row(region === c.code)}
            >
              <span>{c.name}</span>
              <span className="text-xs text-muted">{c.code}</span>
            </Pressable>
          </li>
        ))}
      </ul>
    </ModalFrame>
  );
}
