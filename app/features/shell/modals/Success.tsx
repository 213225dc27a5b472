import { Button } from "~/components/ui/Button";
import { CheckIcon } from "~/components/ui/page-icons";
import { useTranslation } from "~/lib/i18n-react";
import { ModalFrame } from "~/modals/ModalFrame";
import type { ModalProps } from "~/modals/registry";
import { CONFIRM_ACTIONS } from "./confirm-actions";

/**
 * `?success={action}` (spec point 2's `success`): what a confirmed action did (the `confirm` modal swaps itself
 * for this one), in words the player keeps until they close it. An action this build does not know says only
 * that it is done.
 */
export default function Success({ value, close }: ModalProps) {
  const { t } = useTranslation("modals");
  const known = Object.hasOwn(CONFIRM_ACTIONS, value);
  return (
    <ModalFrame
      icon={<CheckIcon size={22} />}
      title={t(known ? `success.${value}.title` : "success.done.title")}
      description={t(known ? `success.${value}.text` : "success.done.text")}
    >
      <div className="mt-2 flex justify-end">
        <Button onClick={close} data-testid="success-close">
          {t("success.ok")}
        </Button>
      </div>
    </ModalFrame>
  );
}
