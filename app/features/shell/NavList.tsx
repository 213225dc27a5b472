import { useTranslation } from "react-i18next";
import { NavLink } from "react-router";
import { useLoggedIn } from "~/lib/session/use-session";
import { type NavItem, useLocalePath, useNavItems } from "./nav";

/** A drawer section: icon rows that shrink to icons alone when the drawer is compact. */
export function NavList({ items, title }: { items: NavItem[]; title?: string }) {
  const { t } = useTranslation("layout");
  const href = useLocalePath();
  const loggedIn = useLoggedIn();
  const shown = useNavItems(items);
  return (
    <div className="flex flex-col gap-1">
      {title && (
        <p className="px-3 pb-1 text-[0.68rem] font-semibold tracking-[0.14em] text-muted uppercase lg:compact:sr-only">
          {title}
        </p>
      )}
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
                  `group flex h-11 items-center gap-3 rounded-xl px-3 text-sm font-medium transition-colors lg:compact:justify-center lg:compact:px-0 ${
                    isActive
                      ? "bg-surface-3 text-fg shadow-[inset_3px_0_0_var(--c-accent)]"
                      : "text-muted hover:bg-surface-2 hover:text-fg"
                  }`
                }
              >
                <span className="text-current group-aria-[current=page]:text-accent">
                  <item.icon size={20} />
                </span>
                <span className="truncate lg:compact:sr-only">{t(item.label)}</span>
              </NavLink>
            </li>
          ))}
      </ul>
    </div>
  );
}
