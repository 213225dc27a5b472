import { Button } from "~/components/ui/Button";
import { Trans, useTranslation } from "~/lib/i18n-react";
import { useModals } from "~/modals/use-modal";
import { ExternalLogin } from "../external/ExternalLogin";

/** Under sign-in and sign-up: a social login, and the way to the other of the two. */
export function OtherWaysIn({ from }: { from: "sign-in" | "sign-up" }) {
  const { t } = useTranslation("modals");
  const modals = useModals();
  const to = from === "sign-in" ? "sign-up" : "sign-in";
  return (
    <>
      <ExternalLogin onDone={() => modals.swap(["sign-in", "sign-up"])} />
      <p className="text-center text-sm text-muted">
        <Trans
          t={t}
          i18nKey={from === "sign-in" ? "sign-in.noAccount" : "sign-up.haveAccount"}
          components={{
            cta: <Button variant="link" onClick={() => modals.swap([from], to)} />,
          }}
        />
      </p>
    </>
  );
}
