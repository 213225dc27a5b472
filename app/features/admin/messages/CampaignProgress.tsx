import type { Campaign } from "#common/api/admin-messages";

/** How far a campaign has gone out: delivered of targeted as a bar, and the pushes sent and failed. */
export function CampaignProgress({ c }: { c: Campaign }) {
  const pct = c.targeted ? Math.min(100, Math.round((c.delivered / c.targeted) * 100)) : 100;
  return (
    <div className="grid w-full gap-1">
      <div className="h-1.5 w-full overflow-hidden rounded-full bg-surface-2">
        <div className="h-full bg-accent" style={{ width: `${pct}%` }} />
      </div>
      <p className="text-xs text-muted tabular-nums" data-testid="admin-campaign-progress">
        {c.delivered} / {c.targeted} delivered
        {c.channels.webPush ? ` · ${c.pushed} pushed · ${c.failed} failed` : ""}
      </p>
    </div>
  );
}
