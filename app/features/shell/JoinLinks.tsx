import { SignInIcon } from "~/components/ui/icons";
import { useTranslation } from "~/lib/i18n-react";
import { ModalLink } from "~/modals/ModalLink";

/**
 * A guest's two ways in, sign in and sign up, as the header and the drawer show them: the same modals and
 * words, each place its own look (`signIn`, `signUp`: the links' classes).
 */
export function JoinLinks({ signIn, signUp, icon }: { signIn: string; signUp: string; icon?: boolean }) {
  const { t } = useTranslation("layout");
  return (
    <>
      <ModalLink modal="sign-in" className={signIn}>
        {icon && <SignInIcon size={18} className="hidden sm:block" />}
        {t("header.signIn")}
      </ModalLink>
      <ModalLink modal="sign-up" className={signUp}>
        {t("header.signUp")}
      </ModalLink>
    </>
  );
}
