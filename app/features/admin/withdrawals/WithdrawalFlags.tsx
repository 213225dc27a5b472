import type { WithdrawalFlag } from "#common/api/admin-payments";

const FLAG_LABELS: Record<WithdrawalFlag["code"], string> = {
  identity_not_verified: "Identity not verified",
  active_bonus: "Active bonus",
  deposits_not_wagered: "Deposit not wagered",
  new_payment_details: "New payment details",
  shared_device: "Shared device",
  shared_address: "Shared address",
};

/** A withdrawal's risk flags as red pills (the detail on hover), or a line saying it has none. */
export function WithdrawalFlags({ flags }: { flags: WithdrawalFlag[] }) {
  if (!flags.length)
    return (
      <p className="text-xs font-semibold text-success" data-testid="withdrawal-flags">
        No risk flags
      </p>
    );
  return (
    <ul className="flex flex-wrap gap-1.5" data-testid="withdrawal-flags">
      {flags.map((f) => (
        <li
          key={f.code}
          title={f.detail}
          data-flag={f.code}
          className="rounded-full bg-danger/15 px-2.5 py-0.5 text-xs font-bold text-danger"
        >
          {FLAG_LABELS[f.code]}
        </li>
      ))}
    </ul>
  );
}
