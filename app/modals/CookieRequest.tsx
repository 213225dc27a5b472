import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { buttonClass } from "~/components/ui/Button";
import { CookieIcon } from "~/components/ui/page-icons";
import { COOKIES_ACCEPTED_EVENT } from "~/features/analytics/tracking";
import { useLocalePath } from "~/features/shell/nav";
import { STORAGE_KEYS, storage } from "~/lib/storage";
import { ModalFrame } from "./ModalFrame";
import type { ModalProps } from "./registry";

export const cookiesAccepted = (): boolean => storage.get(STORAGE_KEYS.cookiesAccepted) === "1";

/**
 * The cookie popup: a notice in the corner that does not block the page, shown on every visit until accepted;
 * the choice is remembered in localStorage.
 */
export default function CookieRequest({ level, close }: ModalProps) {
  const { t } = useTranslation("modals");
  const href = useLocalePath();
  const accept = () => {
    storage.set(STORAGE_KEYS.cookiesAccepted, "1");
    // Analytics waiting for consent (ANALYTICS_REQUIRE_CONSENT) start now.
    window.dispatchEvent(new Event(COOKIES_ACCEPTED_EVENT));
    close();
  };
  return (
    <ModalFrame
      level={level}
      onClose={close}
      notice
      hideClose
      testId="modal-cookie-request"
      icon={<CookieIcon size={22} />}
      title={t("cookie-request.title")}
    >
      <p className="-mt-2 text-[0.8125rem] leading-relaxed text-muted">{t("cookie-request.text")}</p>
      <div className="mt-4 flex items-center gap-2">
        <Link to={href("/static/cookies")} className={buttonClass("secondary", "sm")}>
          {t("cookie-request.policy")}
        </Link>
        <button
          type="button"
          onClick={accept}
          className="inline-flex h-10 flex-1 items-center justify-center rounded-xl bg-accent px-5 text-sm font-bold text-accent-fg hover:brightness-110"
        >
          {t("cookie-request.accept")}
        </button>
      </div>
    </ModalFrame>
  );
}
