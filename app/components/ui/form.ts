import { useState } from "react";
import type { FieldValues, Path, UseFormReturn } from "react-hook-form";
import { ApiRequestError } from "~/lib/api";

/**
 * Puts a failed call's field errors (422 `errors`) on the form's own fields and answers the message for the
 * rest: a field error the form cannot show, a limit (429), or "something went wrong".
 */
export function serverErrors(
  err: unknown,
  known: readonly string[],
  setError: (field: string, error: { type: string; message: string }) => void,
  fallback: string,
): string | undefined {
  if (!(err instanceof ApiRequestError)) return fallback;
  const rest: string[] = [];
  for (const [field, messages] of Object.entries(err.body.errors ?? {})) {
    const message = messages[0];
    if (!message) continue;
    if (known.includes(field)) setError(field, { type: "server", message });
    else rest.push(message);
  }
  if (rest.length) return rest.join(" ");
  if (Object.keys(err.body.errors ?? {}).length) return undefined;
  if (err.status === 429 || (err.status >= 400 && err.status < 500 && err.body.message))
    return err.body.message;
  return fallback;
}

/**
 * A form's submit: runs `action` with the valid values and, when the call fails, puts the server's field
 * errors on the form's fields and answers the rest as `failure` (shown above the submit button). `fallback`
 * is the message when the server says nothing useful.
 */
export function useSubmit<V extends FieldValues>(
  form: UseFormReturn<V>,
  fallback: string,
  action: (values: V) => Promise<unknown>,
) {
  const [failure, setFailure] = useState<string>();
  const submit = form.handleSubmit(async (values) => {
    setFailure(undefined);
    try {
      await action(values);
    } catch (err) {
      const known = Object.keys(form.getValues());
      setFailure(serverErrors(err, known, (f, e) => form.setError(f as Path<V>, e), fallback));
    }
  });
  return { submit, failure, setFailure };
}

/** An action without a form (a confirm button, a resend link): its failure as one message, busy while out. */
export function useAction(fallback: string) {
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState(false);
  const run = async (action: () => Promise<unknown>) => {
    setFailure(undefined);
    setBusy(true);
    try {
      await action();
    } catch (err) {
      setFailure(serverErrors(err, [], () => {}, fallback));
    } finally {
      setBusy(false);
    }
  };
  return { run, failure, setFailure, busy };
}
