import type { AdminPlayerPage } from "#common/api/admin-player";
import { when } from "../kit/format";
import { Panel } from "../kit/Panel";
import { AdjustBalanceForm } from "./AdjustBalanceForm";
import { FactRow } from "./FactRow";

/** Who the player is: contacts (✓ when confirmed), name, birth date, country, language, tag, joined. */
export function ProfilePanel({ player }: { player: AdminPlayerPage["player"] }) {
  return (
    <Panel title="Profile">
      <dl>
        <FactRow
          label="E-mail"
          value={player.email && `${player.email}${player.emailVerified ? " ✓" : ""}`}
        />
        <FactRow label="Phone" value={player.phone && `${player.phone}${player.phoneVerified ? " ✓" : ""}`} />
        <FactRow label="Telegram id" value={player.tgUserId} />
        <FactRow label="Name" value={[player.firstName, player.lastName].filter(Boolean).join(" ") || null} />
        <FactRow label="Born" value={player.birthdate} />
        <FactRow label="Country · currency" value={`${player.country ?? "—"} · ${player.currency ?? "—"}`} />
        <FactRow label="Language" value={player.language} />
        <FactRow label="Affiliate tag" value={player.affiliateTag} />
        <FactRow label="Joined" value={when(player.createdAt)} />
      </dl>
    </Panel>
  );
}

/** The player's wallet accounts and balances, and a manual adjustment for staff who may make one. */
export function AccountsPanel({
  playerId,
  accounts,
  adjusts,
}: {
  playerId: string;
  accounts: AdminPlayerPage["accounts"];
  adjusts: boolean;
}) {
  return (
    <Panel title="Accounts" testId="admin-player-accounts">
      {accounts.length === 0 ? (
        <p className="text-sm text-muted">No wallet account yet.</p>
      ) : (
        <dl>
          {accounts.map((a) => (
            <FactRow
              key={a.id}
              label={`${a.currency}${a.isCurrent ? " (current)" : ""}`}
              value={`${a.balance}${a.bonusBalance !== "0" ? ` + ${a.bonusBalance} bonus` : ""}`}
            />
          ))}
        </dl>
      )}
      {adjusts && <AdjustBalanceForm playerId={playerId} accounts={accounts} />}
    </Panel>
  );
}
