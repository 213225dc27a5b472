import { useTranslation } from "react-i18next";

export default function Home() {
  const { t } = useTranslation();
  return <main>{t("header.signIn", "Sign in")}</main>;
}
