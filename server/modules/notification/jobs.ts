import type { Job } from "../../jobs/scheduler";
import { type CampaignDeps, runCampaigns } from "./campaigns";
import { type DeliveryDeps, deliverPending } from "./delivery";

/** The notifications' scheduled work (the face's `notificationJobs`; run once across processes). */
export function jobsOfNotification(
  o: { delivery: DeliveryDeps; campaigns: CampaignDeps },
  nudgeDelivery: () => void,
): Job[] {
  return [
    {
      // Messages and pushes a nudge missed (written by another process, or in a transaction still open when it
      // came) go out here; each is claimed before it is sent, so none twice (decision 0016).
      name: "notification-delivery",
      everyMs: 5_000,
      atStart: true,
      run: async () => {
        const r = await deliverPending(o.delivery);
        return r.messages + r.pushes > 0 ? `sent ${r.messages} messages and ${r.pushes} pushes` : undefined;
      },
    },
    {
      // Staff campaigns to a segment go on in batches from where they stopped (a crash, a restart, a segment
      // larger than one run): each player is written to once (decision 0029).
      name: "message-campaigns",
      everyMs: 5_000,
      atStart: true,
      run: async () => {
        const r = await runCampaigns(o.campaigns);
        if (r.written > 0) nudgeDelivery();
        const total = r.written + r.pushed + r.failed;
        return total > 0
          ? `wrote campaigns to ${r.written} players, ${r.pushed} pushes sent, ${r.failed} failed`
          : undefined;
      },
    },
  ];
}
