import { type UseMutationResult, useMutation } from "@tanstack/react-query";
import type { AdminBonusCode, BonusCodeBatch } from "#common/api/admin-promotions";
import { Button } from "~/components/ui/Button";
import { ErrorAlert } from "../kit/errors";
import { downloadBatch } from "./codes";

export type CreatedCodes = { one?: AdminBonusCode; batch?: BonusCodeBatch };

/** What creating codes came to: the error, the code made, or the batch with its CSV to download. */
export function CodeOutcome({ create }: { create: UseMutationResult<CreatedCodes, Error, void> }) {
  const download = useMutation({ mutationFn: downloadBatch });
  return (
    <>
      <ErrorAlert error={create.error} />
      {create.data?.one && (
        <p role="status" className="text-sm text-success" data-testid="admin-code-created">
          Code {create.data.one.code} created.
        </p>
      )}
      {create.data?.batch && (
        <p role="status" className="flex flex-wrap items-center gap-2 text-sm text-success">
          <span data-testid="admin-batch-created">{create.data.batch.count} codes generated.</span>
          <Button
            size="sm"
            variant="secondary"
            disabled={download.isPending}
            onClick={() => download.mutate(create.data.batch!.batch)}
          >
            Download CSV
          </Button>
        </p>
      )}
      <ErrorAlert error={download.error} fallback="Could not download the codes" />
    </>
  );
}
