import { NavLink } from "react-router";
import { useTranslation } from "~/lib/i18n-react";
import { useLoggedIn } from "~/lib/session/use-session";
import { ModalLink } from "~/modals/ModalLink";
import { type NavItem, useLocalePath, useNavItems } from "./nav";

/** A drawer section: icon rows that shrink to icons alone when the drawer is compact. */
export function NavList({ items, title }: { items: NavItem[]; title?: string }) {
  const { t } = useTranslation("layout");
  const href = useLocalePath();
  const loggedIn = useLoggedIn();
  const shown = useNavItems(items);
  return (
    <div className="flex flex-col gap-1">
      {title && <p className="drawer-heading">{title}</p>}
      <ul className="flex flex-col gap-0.5">
        {shown
          .filter((item) => loggedIn || !item.player)
          .map((item) => (
            <li key={item.to}>
              <NavLink
                to={href(item.to)}
                end={item.end}
                title={t(item.label)}
                className={({ isActive }) =>
                  // The row's layout is a class (app.css .drawer-link): its list was repeated on every row of every page.
                  `group drawer-link ${
                    isActive
                      ? "bg-surface-3 text-fg shadow-[inset_3px_0_0_var(--c-accent)]"
                      : "drawer-link-idle"
                  }`
                }
              >
                <span>
                  <item.icon size={20} />
                </span>
                <span>{t(item.label)}</span>
              </NavLink>
            </li>
          ))}
      </ul>
    </div>
  );
}

/** A drawer row that opens a modal rather than a page: its icon, and its label that compact hides. */
export function DrawerModalLink({
  modal,
  label,
  icon,
  testId,
}: {
  modal: string;
  label: string;
  icon: React.ReactNode;
  testId: string;
}) {
  return (
    <ModalLink
      modal={modal}
      title={label}
      data-testid={testId}
      className="group drawer-link drawer-link-idle"
    >
      {icon}
      <span className="drawer-link-label">{label}</span>
    </ModalLink>
  );
}
