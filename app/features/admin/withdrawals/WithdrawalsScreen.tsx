import { useQuery } from "@tanstack/react-query";
import type { StaffMe } from "#common/api/admin";
import { adminApi, can } from "../api";
import { AdminList } from "../kit/AdminList";
import { FilterButtons, usePageParam, useTabParam } from "../kit/filters";
import { MethodLimits } from "./MethodLimits";
import { WithdrawalCard } from "./WithdrawalCard";

const REVIEWS = ["awaiting", "approved", "rejected"] as const;

/** The withdrawals of one review state (`?review=`, waiting ones by default, read again every 30 s). */
function ReviewQueue() {
  const [review, setReview] = useTabParam(REVIEWS, "review");
  const page = usePageParam();
  const list = useQuery({
    queryKey: ["admin", "withdrawals", review, page],
    queryFn: () => adminApi.get("/admin/withdrawals", { review, page, perPage: 20 }),
    refetchInterval: review === "awaiting" ? 30_000 : false,
  });
  return (
    <AdminList
      paged={list}
      emptyText={review === "awaiting" ? "Nothing waiting for review." : `No ${review} withdrawal.`}
      filters={
        <FilterButtons options={REVIEWS.map((s) => [s, s] as const)} value={review} onChange={setReview} />
      }
      testId="admin-withdrawals"
      className="grid gap-3"
    >
      {(w) => <WithdrawalCard w={w} />}
    </AdminList>
  );
}

/** Withdrawals waiting for review (oldest first) with their risk flags, and the payment methods' limits. */
export function WithdrawalsScreen({ me }: { me: StaffMe }) {
  return (
    <div className="grid max-w-6xl gap-5">
      <h1 className="text-2xl font-extrabold">Withdrawals</h1>
      {can(me, "withdrawals.review") && <ReviewQueue />}
      {can(me, "payments.methods") && <MethodLimits />}
    </div>
  );
}
