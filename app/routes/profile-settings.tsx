import { NavLink, Outlet } from "react-router";
import { BellIcon, SettingsIcon } from "~/components/ui/icons";
import { useLocalePath } from "~/features/shell/nav";
import { useTranslation } from "~/lib/i18n-react";

/** /profile/settings: account and notifications. */
export default function ProfileSettings() {
  const { t } = useTranslation("layout");
  const href = useLocalePath();
  const tabs = [
    { to: "/profile/settings/account", label: t("profile.settings.account"), icon: SettingsIcon },
    { to: "/profile/settings/notifications", label: t("profile.settings.notifications"), icon: BellIcon },
  ];
  return (
    <div className="grid gap-5 md:grid-cols-[200px_1fr]">
      <nav aria-label={t("profile.tabs.settings")}>
        <ul className="flex gap-1 md:flex-col">
          {tabs.map((tab) => (
            <li key={tab.to}>
              <NavLink
                to={href(tab.to)}
                className={({ isActive }) =>
                  `flex h-10 items-center gap-2 rounded-xl px-3 text-sm font-semibold transition ${
                    isActive ? "bg-surface-3 text-fg" : "text-muted hover:bg-surface-2 hover:text-fg"
                  }`
                }
              >
                <tab.icon size={16} />
                {tab.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="min-w-0">
        <Outlet />
      </div>
    </div>
  );
}
