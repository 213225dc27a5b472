import { MailIcon } from "~/components/ui/icons";
import { PhoneIcon } from "~/components/ui/page-icons";
import { Tabs } from "~/components/ui/Tabs";
import { useTranslation } from "~/lib/i18n-react";

/** The kind of account a form is for (signing up, a forgotten password): one by e-mail or one by phone. */
export type AccountKind = "email" | "phone";

/** The choice between an e-mail and a phone account, as tabs above the form; `label` says what it chooses. */
export function AccountKindTabs({
  value,
  onChange,
  label,
}: {
  value: AccountKind;
  onChange: (kind: AccountKind) => void;
  label: string;
}) {
  const { t } = useTranslation("modals");
  return (
    <Tabs
      value={value}
      onChange={onChange}
      label={label}
      className="mb-5"
      items={[
        { value: "email", label: t("sign-up.byEmail"), icon: <MailIcon size={16} /> },
        { value: "phone", label: t("sign-up.byPhone"), icon: <PhoneIcon size={16} /> },
      ]}
    />
  );
}
