import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import type { StaffMe } from "#common/api/admin";
import { ADMIN_KEYS, adminApi, can } from "../api";
import { StatusBadge } from "../kit/badges";
import { ListState } from "../kit/ListState";
import { Panel } from "../kit/Panel";
import { AccountActions } from "./AccountActions";
import { DocumentsPanel } from "./DocumentsPanel";
import { ExcludedPersonMatches } from "./ExcludedPersonMatches";
import { NotesPanel } from "./NotesPanel";
import { AuditPanel, BetsPanel, BonusesPanel, InvoicesPanel, SessionsPanel } from "./PlayerActivity";
import { AccountsPanel, ProfilePanel } from "./ProfilePanels";

/** Everything about one player on one page; what staff may change depends on their permissions. */
export function PlayerPage({ me, id }: { me: StaffMe; id: string }) {
  const page = useQuery({
    queryKey: ADMIN_KEYS.player(id),
    queryFn: async () => (await adminApi.get(`/admin/players/${id}`)).data,
  });
  if (!page.data) return <ListState loading={page.isPending} error={page.error} empty={false} emptyText="" />;
  const { player, accounts, verification } = page.data;
  return (
    <div className="grid max-w-6xl gap-5">
      <div className="flex flex-wrap items-center gap-3">
        <Link to="/admin/players" className="text-sm font-semibold text-muted hover:text-fg">
          ← Players
        </Link>
        <h1 className="text-2xl font-extrabold" data-testid="admin-player-name">
          {player.nickname}
        </h1>
        <StatusBadge status={player.status} />
        <span className="text-sm text-muted">#{player.id}</span>
      </div>
      <ExcludedPersonMatches
        playerId={player.id}
        matches={page.data.excludedPersonMatches}
        canClear={can(me, "players.write")}
      />
      <div className="grid gap-5 lg:grid-cols-2">
        <ProfilePanel player={player} />
        <AccountsPanel playerId={player.id} accounts={accounts} adjusts={can(me, "adjustments.create")} />
        {can(me, "players.write") && (
          <Panel title="Account actions">
            <AccountActions player={player} />
          </Panel>
        )}
        <NotesPanel playerId={player.id} notes={page.data.notes} writes={can(me, "players.note")} />
        <InvoicesPanel invoices={page.data.invoices} />
        <BetsPanel bets={page.data.bets} />
        <BonusesPanel bonuses={page.data.bonuses} />
        <DocumentsPanel
          verification={verification}
          documents={page.data.documents}
          reviews={can(me, "documents.review")}
        />
        <SessionsPanel sessions={page.data.sessions} />
        <AuditPanel audit={page.data.audit} />
      </div>
    </div>
  );
}
