import { KeyIcon } from "~/components/ui/page-icons";
import { useTranslation } from "~/lib/i18n-react";
import { ModalFrame } from "~/modals/ModalFrame";
import type { ModalProps } from "~/modals/registry";
import { useModals } from "~/modals/use-modal";
import { ResetPasswordForm } from "../ResetPasswordForm";

/** `?reset-pass={resetCode}`: the reset link's new password, as a modal over any page. */
export default function ResetPass({ value }: ModalProps) {
  const { t } = useTranslation("modals");
  const modals = useModals();
  return (
    <ModalFrame
      icon={<KeyIcon size={22} />}
      title={t("reset-pass.title")}
      description={t("reset-pass.description")}
    >
      <ResetPasswordForm resetCode={value} onDone={() => modals.swap(["reset-pass"], "sign-in")} />
    </ModalFrame>
  );
}
