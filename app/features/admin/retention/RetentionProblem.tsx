import { Problem } from "../kit/errors";

/** A refused retention change, naming each field (the journeys find it by its test id). */
export function RetentionProblem({ error }: { error: unknown }) {
  return <Problem error={error} testId="admin-retention-error" />;
}
