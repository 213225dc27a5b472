import { useState } from "react";
import { Button } from "~/components/ui/Button";
import { FormMessage, SecondaryButton } from "~/components/ui/Field";
import { serverErrors } from "~/components/ui/form";
import { WarningIcon } from "~/components/ui/page-icons";
import { useSwapModals } from "~/features/wallet/ui";
import { useTranslation } from "~/lib/i18n-react";
import { ModalFrame } from "~/modals/ModalFrame";
import type { ModalProps } from "~/modals/registry";
import { confirmRequest } from "./confirm-actions";

/**
 * `?confirm={action}:{argument}` (spec point 2's `confirm`, for logged-in players): asks before an action that
 * has no modal of its own (confirm-actions.ts), runs it, and on success swaps itself for `?success={action}`.
 * A failure stays here with the server's reason; an action this build does not know says the link is stale.
 */
export default function Confirm({ value, close }: ModalProps) {
  const { t } = useTranslation("modals");
  const swap = useSwapModals();
  const request = confirmRequest(value);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();

  if (!request)
    return (
      <ModalFrame
        icon={<WarningIcon size={22} />}
        title={t("confirm.unknown.title")}
        description={t("confirm.unknown.text")}
      >
        <div className="mt-2 flex justify-end">
          <SecondaryButton onClick={close}>{t("common.close")}</SecondaryButton>
        </div>
      </ModalFrame>
    );

  const { name, action, argument } = request;
  const Icon = action.icon;
  const run = async () => {
    setBusy(true);
    setFailure(undefined);
    try {
      await action.run(argument);
      swap({ confirm: null, success: name }, true);
    } catch (err) {
      setFailure(serverErrors(err, [], () => {}, t("auth.failed")));
      setBusy(false);
    }
  };

  return (
    <ModalFrame
      icon={<Icon size={22} />}
      title={t(`confirm.${name}.title`)}
      description={t(`confirm.${name}.text`)}
    >
      <FormMessage>{failure}</FormMessage>
      <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <SecondaryButton onClick={close}>{t("common.cancel")}</SecondaryButton>
        <Button
          variant={action.danger ? "danger" : "primary"}
          busy={busy}
          onClick={run}
          data-testid="confirm-run"
        >
          {t(`confirm.${name}.confirm`)}
        </Button>
      </div>
    </ModalFrame>
  );
}
