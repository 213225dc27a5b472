import { ApiRequestError } from "~/lib/api";

/** What a failed back-office call says: the API's message, else `fallback`. */
export const errorText = (err: unknown, fallback = "Failed") =>
  err instanceof ApiRequestError ? err.body.message : fallback;

/** Each field a refused call names, with its messages joined: `{ "points": "must be above 5000" }`. */
export const fieldErrors = (err: unknown): Record<string, string> =>
  err instanceof ApiRequestError
    ? Object.fromEntries(Object.entries(err.body.errors ?? {}).map(([k, v]) => [k, v.join(" ")]))
    : {};

/** A failed call's message and each field it names, so staff see what to fix; nothing without an error. */
export function Problem({ error, testId }: { error: unknown; testId?: string }) {
  if (!error) return null;
  const fields = error instanceof ApiRequestError ? Object.entries(error.body.errors ?? {}) : [];
  return (
    <div role="alert" className="grid gap-0.5 text-sm text-danger" data-testid={testId}>
      <p>{error instanceof Error ? error.message : "Failed"}</p>
      {fields.map(([field, messages]) => (
        <p key={field}>
          <span className="font-mono text-xs">{field}</span>: {messages.join("; ")}
        </p>
      ))}
    </div>
  );
}

/** A failed row action's message in one small line under the row; nothing without an error. */
export function RowError({
  error,
  className = "text-xs text-danger",
}: {
  error: unknown;
  className?: string;
}) {
  if (!error) return null;
  return <p className={className}>{errorText(error)}</p>;
}

/**
 * A failed call's message as an alert line under the form or buttons that made it (the API's message, else
 * "Failed"); nothing without an error.
 */
export function ErrorAlert({
  error,
  fallback,
  className = "text-sm text-danger",
}: {
  error: unknown;
  /** What it says when the API gave no message. */
  fallback?: string;
  className?: string;
}) {
  if (!error) return null;
  return (
    <p role="alert" className={className}>
      {errorText(error, fallback)}
    </p>
  );
}
