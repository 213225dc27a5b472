import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { CookieIcon } from "~/features/shell/icons";
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
      <p className="-mt-2 text-sm leading-relaxed text-muted">
        {t("cookie-request.text")}{" "}
        <Link
          to={href("/static/cookies")}
          className="font-semibold text-fg underline underline-offset-2 hover:text-accent"
        >
          {t("cookie-request.policy")}
        </Link>
      </p>
      <button
        type="button"
        onClick={accept}
        className="mt-4 inline-flex h-11 w-full items-center justify-center rounded-xl bg-accent px-5 text-sm font-bold text-accent-fg hover:brightness-110"
      >
        {t("cookie-request.accept")}
      </button>
    </ModalFrame>
  );
}
