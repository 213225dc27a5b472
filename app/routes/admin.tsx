import type { MetaDescriptor } from "react-router";
import { NavLink, Outlet } from "react-router";
import type { StaffMe } from "#common/api/admin";
import { can, useSignOut, useStaffMe, useStaffToken } from "~/features/admin/api";
import { AdminSignIn } from "~/features/admin/SignIn";
import { ListState } from "~/features/admin/ui";
import { BRAND } from "~/features/shell/brand";

export function meta(): MetaDescriptor[] {
  return [{ title: `Back office — ${BRAND.name}` }, { name: "robots", content: "noindex, nofollow" }];
}

/** The sections of the back office, each shown only to staff whose role opens it (the server checks again). */
const SECTIONS: { to: string; label: string; permission: string; end?: boolean }[] = [
  { to: "/admin", label: "Overview", permission: "signed-in", end: true },
  { to: "/admin/players", label: "Players", permission: "players.read" },
  { to: "/admin/support", label: "Support", permission: "support.inbox" },
  { to: "/admin/adjustments", label: "Adjustments", permission: "adjustments.create" },
  { to: "/admin/documents", label: "Documents", permission: "documents.review" },
  { to: "/admin/bonuses", label: "Bonuses", permission: "promotions.read" },
  { to: "/admin/promotions", label: "Promotions", permission: "promotions.read" },
  { to: "/admin/messages", label: "Messages", permission: "messages.read" },
  { to: "/admin/retention", label: "Retention", permission: "promotions.read" },
  { to: "/admin/withdrawals", label: "Withdrawals", permission: "withdrawals.review" },
  { to: "/admin/catalogue", label: "Catalogue", permission: "catalogue.read" },
  { to: "/admin/trading", label: "Trading", permission: "trading.read" },
  { to: "/admin/content", label: "Content", permission: "content.read" },
  { to: "/admin/staff", label: "Staff", permission: "staff.manage" },
  { to: "/admin/reports", label: "Reports", permission: "reports.read" },
  { to: "/admin/audit", label: "Audit trail", permission: "audit.read" },
];

export const sectionsFor = (me: StaffMe | undefined) =>
  SECTIONS.filter((s) => s.permission === "signed-in" || can(me, s.permission));

/**
 * `/admin` (issue #21): the operator's back office, its own frame apart from the player's site. Signed out (or
 * while the tab has no staff session), the staff sign-in; signed in, the sections the member's roles open.
 */
export default function AdminLayout() {
  const token = useStaffToken();
  const me = useStaffMe(token);
  const signOut = useSignOut();
  /** Sign out: in the bar's corner on a phone, under who is signed in on a wide screen. */
  const signOutButton = (className: string) => (
    <button type="button" onClick={() => void signOut()} className={className}>
      Sign out
    </button>
  );
  if (!token) return <AdminSignIn />;
  return (
    <div className="min-h-dvh bg-bg text-fg lg:grid lg:grid-cols-[15rem_1fr]">
      <aside className="border-b border-line bg-surface lg:min-h-dvh lg:border-r lg:border-b-0">
        <div className="flex items-center justify-between gap-3 px-4 py-4 lg:block">
          <div>
            <p className="text-xs font-bold tracking-[0.2em] text-accent uppercase">Back office</p>
            <p className="mt-0.5 font-extrabold">{BRAND.name}</p>
          </div>
          {signOutButton(
            "rounded-lg px-3 py-1.5 text-sm font-semibold text-muted hover:bg-surface-2 hover:text-fg lg:hidden",
          )}
        </div>
        <nav aria-label="Back office" className="flex gap-1 overflow-x-auto px-3 pb-3 lg:grid lg:gap-0.5">
          {sectionsFor(me.data).map((s) => (
            <NavLink
              key={s.to}
              to={s.to}
              end={s.end}
              className={({ isActive }) =>
                `whitespace-nowrap rounded-xl px-3 py-2 text-sm font-semibold transition-colors ${
                  isActive ? "bg-accent/15 text-fg" : "text-muted hover:bg-surface-2 hover:text-fg"
                }`
              }
            >
              {s.label}
            </NavLink>
          ))}
        </nav>
        {me.data && (
          <div className="hidden border-t border-line px-4 py-4 text-sm lg:block">
            <p className="font-semibold" data-testid="admin-me">
              {me.data.name}
            </p>
            <p className="truncate text-muted">{me.data.email}</p>
            <p className="mt-1 text-xs text-muted">{me.data.roles.join(", ")}</p>
            {signOutButton("mt-3 text-sm font-semibold text-accent hover:underline")}
          </div>
        )}
      </aside>
      <main className="min-w-0 px-4 py-6 sm:px-6 lg:px-8">
        {me.isPending || me.error ? (
          <ListState loading={me.isPending} error={me.error} empty={false} emptyText="" />
        ) : (
          <Outlet context={me.data} />
        )}
      </main>
    </div>
  );
}
