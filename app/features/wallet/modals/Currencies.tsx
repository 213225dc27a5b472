import { WalletIcon } from "~/components/ui/icons";
import { useTranslation } from "~/lib/i18n-react";
import { ModalFrame } from "~/modals/ModalFrame";
import type { ModalProps } from "~/modals/registry";
import { CurrencyPicker } from "../CurrencyPicker";
import { chooseCurrency, currentAccount, useWallet } from "../store";

/** `?currencies=true`: the currency popup on its own; picking one opens its account and makes it active. */
export default function Currencies({ close }: ModalProps) {
  const { t } = useTranslation("modals");
  const account = useWallet(currentAccount);
  return (
    <ModalFrame
      icon={<WalletIcon size={22} />}
      title={t("currencies.title")}
      description={t("currencies.text")}
    >
      <CurrencyPicker
        selected={account?.currency}
        onPick={async (code) => {
          await chooseCurrency(code).catch(() => undefined);
          close();
        }}
      />
    </ModalFrame>
  );
}
