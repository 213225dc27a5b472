import { useQuery } from "@tanstack/react-query";
import type { StaffMe } from "#common/api/admin";
import { adminApi, can } from "../api";
import { ListState } from "../kit/ListState";
import { BonusCodesPanel } from "./BonusCodesPanel";
import { NewCodeForm } from "./NewCodeForm";

/** Bonus codes, one typed or a batch, their use, on and off. */
export function PromotionsScreen({ me }: { me: StaffMe }) {
  const writes = can(me, "promotions.write");
  const bonuses = useQuery({
    queryKey: ["admin", "promotions", "bonuses"],
    queryFn: async () => (await adminApi.get("/admin/promotions/bonuses")).data,
  });
  return (
    <div className="grid max-w-6xl grid-cols-1 gap-5">
      <h1 className="text-2xl font-extrabold">Promotions</h1>
      {writes &&
        (bonuses.data ? (
          <NewCodeForm bonuses={bonuses.data} />
        ) : (
          <ListState loading={bonuses.isPending} error={bonuses.error} empty={false} emptyText="" />
        ))}
      <BonusCodesPanel writes={writes} />
    </div>
  );
}
