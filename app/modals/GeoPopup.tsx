import { Link, useRouteLoaderData } from "react-router";
import type { SiteLocale } from "#common/i18n/locales";
import { Button, buttonClass } from "~/components/ui/Button";
import { PinIcon } from "~/components/ui/icons";
import { countryName } from "~/features/shell/country";
import { useLocalePath } from "~/features/shell/nav";
import { useTranslation } from "~/lib/i18n-react";
import { ModalFrame } from "./ModalFrame";
import type { ModalProps } from "./registry";

/** `?geo-popup=true`: the country we detected and whether the site is open to it. */
export default function GeoPopup({ close }: ModalProps) {
  const { t } = useTranslation("modals");
  const href = useLocalePath();
  const root = useRouteLoaderData("root") as
    | { locale: SiteLocale; init?: { country: string | null; isRestricted: boolean } }
    | undefined;
  const name = countryName(root?.init?.country, root?.locale ?? "en");
  const restricted = root?.init?.isRestricted ?? false;
  return (
    <ModalFrame
      icon={<PinIcon size={22} />}
      title={t("geo-popup.title")}
      description={name ? t("geo-popup.detected", { country: name }) : t("geo-popup.unknown")}
    >
      <p
        className={`rounded-xl border px-4 py-3 text-sm leading-relaxed ${
          restricted ? "border-danger/40 bg-danger/10" : "border-accent/30 bg-accent/10"
        }`}
      >
        {restricted ? t("geo-popup.restricted") : t("geo-popup.available")}
      </p>
      <p className="mt-3 text-sm leading-relaxed text-muted">{t("geo-popup.vpn")}</p>
      <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Link to={href("/static/terms")} className={buttonClass("secondary", "md")}>
          {t("geo-popup.terms")}
        </Link>
        <Button variant="primary" size="md" onClick={close}>
          {t("geo-popup.ok")}
        </Button>
      </div>
    </ModalFrame>
  );
}
