import { clsx } from "clsx";
import { useState } from "react";
import { Link } from "react-router";
import { Button } from "~/components/ui/Button";
import { type CookieConsent, saveConsent, storedConsent } from "~/features/analytics/consent";
import { useLocalePath } from "~/features/shell/nav";
import { useTranslation } from "~/lib/i18n-react";
import { ModalFrame } from "./ModalFrame";
import type { ModalProps } from "./registry";

export const cookiesAccepted = (): boolean => storedConsent() !== null;

/**
 * The cookie notice (issue 36, GDPR/ePrivacy guidance): a compact corner notice that does not block the page,
 * shown until the visitor chooses. Reject is as easy as accept, and Choose sets each category; necessary
 * cookies are always on. The footer's "Cookie settings" opens it again (`?cookie-request=true`) with the
 * stored choice. Taking back a consent reloads the page, so scripts already running stop.
 */
export default function CookieRequest({ level, close }: ModalProps) {
  const { t } = useTranslation("modals");
  const href = useLocalePath();
  const [stored] = useState(storedConsent);
  const [choosing, setChoosing] = useState(stored !== null);
  const [choice, setChoice] = useState<CookieConsent>(stored ?? { analytics: false, marketing: false });

  const save = (next: CookieConsent) => {
    saveConsent(next);
    close();
    const withdrawn = (stored?.analytics && !next.analytics) || (stored?.marketing && !next.marketing);
    if (withdrawn) window.location.reload();
  };
  const categories = ["analytics", "marketing"] as const;
  const small = "h-9 flex-1 whitespace-nowrap px-2 text-[0.8125rem]";

  return (
    <ModalFrame
      level={level}
      onClose={close}
      notice
      hideClose
      testId="modal-cookie-request"
      title={t("cookie-request.title")}
    >
      <p className="-mt-2 text-[0.8125rem] leading-snug text-muted">
        {t("cookie-request.text")}{" "}
        <Link to={href("/static/cookies")} className="font-semibold text-fg underline underline-offset-2">
          {t("cookie-request.policy")}
        </Link>
      </p>
      {choosing && (
        <fieldset className="mt-3 grid gap-1.5" data-testid="cookie-categories">
          <legend className="sr-only">{t("cookie-request.choose")}</legend>
          <label className="flex items-center gap-2.5 text-[0.8125rem]">
            <input type="checkbox" checked disabled className="size-4 accent-[var(--c-accent)]" />
            <span className="font-semibold">{t("cookie-request.necessary")}</span>
            <span className="text-muted">· {t("cookie-request.alwaysOn")}</span>
          </label>
          {categories.map((c) => (
            <label key={c} className="flex cursor-pointer items-center gap-2.5 text-[0.8125rem]">
              <input
                type="checkbox"
                name={c}
                checked={choice[c]}
                onChange={(e) => setChoice((v) => ({ ...v, [c]: e.target.checked }))}
                className="size-4 accent-[var(--c-accent)]"
              />
              <span className="font-semibold">{t(`cookie-request.${c}`)}</span>
              <span className="truncate text-muted">· {t(`cookie-request.${c}Text`)}</span>
            </label>
          ))}
        </fieldset>
      )}
      <div className="mt-3 flex items-center gap-2">
        <Button
          variant="secondary"
          size="sm"
          className={small}
          onClick={() => save({ analytics: false, marketing: false })}
        >
          {t("cookie-request.reject")}
        </Button>
        {choosing ? (
          <Button variant="secondary" size="sm" className={small} onClick={() => save(choice)}>
            {t("cookie-request.save")}
          </Button>
        ) : (
          <Button variant="secondary" size="sm" className={small} onClick={() => setChoosing(true)}>
            {t("cookie-request.choose")}
          </Button>
        )}
        <Button
          variant="primary"
          size="sm"
          className={clsx(small, "font-bold")}
          onClick={() => save({ analytics: true, marketing: true })}
        >
          {t("cookie-request.accept")}
        </Button>
      </div>
    </ModalFrame>
  );
}
