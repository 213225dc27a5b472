import type { AdminBonusCode } from "#common/api/admin-promotions";
import { Button } from "~/components/ui/Button";
import { adminApi } from "../api";
import { useSaveAndRefresh } from "../kit/EditableRow";
import { ErrorAlert } from "../kit/errors";
import { CODES_KEY } from "./codes";

/** Switches a code off (no more redemptions) or on again. */
export function CodeSwitch({ code }: { code: AdminBonusCode }) {
  const change = useSaveAndRefresh(
    () => adminApi.patch(`/admin/promotions/codes/${code.id}`, { isEnabled: !code.isEnabled }),
    CODES_KEY,
  );
  return (
    <div className="grid justify-items-start gap-1">
      <Button size="sm" variant="ghost" disabled={change.isPending} onClick={() => change.mutate()}>
        {code.isEnabled ? "Switch off" : "Switch on"}
      </Button>
      <ErrorAlert error={change.error} className="text-xs text-danger" />
    </div>
  );
}
