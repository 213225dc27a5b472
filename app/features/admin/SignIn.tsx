import { type FormEvent, useState } from "react";
import type { StaffChallenge, StaffSession } from "#common/api/admin";
import { Button } from "~/components/ui/Button";
import QrCode from "~/features/wallet/QrCode";
import { adminApi, setStaffToken } from "./api";
import { AdminField, errorText } from "./ui";

/**
 * Staff sign-in (decision 0020): the password, then the second factor — on a first sign-in the secret to add to
 * an authenticator app (QR code and text) and its first code, then the ten recovery codes, shown this once.
 */
export function AdminSignIn() {
  const [step, setStep] = useState<
    | { kind: "password" }
    | { kind: "code"; challenge: StaffChallenge }
    | { kind: "recovery-codes"; session: StaffSession }
  >({ kind: "password" });
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const [useRecovery, setUseRecovery] = useState(false);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function run(action: () => Promise<void>) {
    setBusy(true);
    setError(undefined);
    try {
      await action();
    } catch (err) {
      setError(errorText(err, "Something went wrong; try again"));
    } finally {
      setBusy(false);
    }
  }

  /** A step's end: what went wrong with its last try, then its button. */
  const submit = (label: string) => (
    <>
      {error && (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      )}
      <Button type="submit" disabled={busy}>
        {label}
      </Button>
    </>
  );

  const submitPassword = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      const { data } = await adminApi.post("/admin/session", { email, password });
      setPassword("");
      setStep({ kind: "code", challenge: data });
    });
  };

  const submitCode = (e: FormEvent) => {
    e.preventDefault();
    if (step.kind !== "code") return;
    void run(async () => {
      const body = useRecovery
        ? { challenge: step.challenge.challenge, recoveryCode: code }
        : { challenge: step.challenge.challenge, code };
      const { data } = await adminApi.post("/admin/session/verify", body);
      if (data.recoveryCodes) setStep({ kind: "recovery-codes", session: data });
      else setStaffToken(data.token);
    });
  };

  return (
    <main className="grid min-h-dvh place-items-center bg-bg px-4 py-10">
      <div className="w-full max-w-md rounded-3xl border border-line bg-surface p-6 shadow-xl sm:p-8">
        <p className="text-xs font-bold tracking-[0.2em] text-accent uppercase">Back office</p>
        {step.kind === "password" && (
          <form onSubmit={submitPassword} className="mt-2 grid gap-4" aria-label="Staff sign-in">
            <h1 className="text-2xl font-extrabold">Sign in</h1>
            <AdminField
              label="E-mail"
              type="email"
              autoComplete="username"
              value={email}
              onChange={setEmail}
              required
            />
            <AdminField
              label="Password"
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={setPassword}
              required
            />
            {submit("Continue")}
          </form>
        )}
        {step.kind === "code" && (
          <form onSubmit={submitCode} className="mt-2 grid gap-4" aria-label="Second factor">
            <h1 className="text-2xl font-extrabold">
              {step.challenge.enrol ? "Set up your second factor" : "Enter your code"}
            </h1>
            {step.challenge.enrol ? (
              <div className="grid gap-3 text-sm text-muted">
                <p>
                  Scan this code with an authenticator app (Google Authenticator, 1Password, Authy…), then
                  type the six digits it shows.
                </p>
                <div className="mx-auto">
                  <QrCode
                    value={step.challenge.enrol.uri}
                    size={180}
                    label="Second-factor QR code"
                    testId="admin-totp-qr"
                  />
                </div>
                <p>
                  Or enter this key by hand:{" "}
                  <code data-testid="admin-totp-secret" className="break-all font-mono text-fg">
                    {step.challenge.enrol.secret}
                  </code>
                </p>
              </div>
            ) : (
              <p className="text-sm text-muted">
                {useRecovery
                  ? "Type one of the recovery codes you saved. Each works once."
                  : "Open your authenticator app and type the six digits it shows for the back office."}
              </p>
            )}
            <AdminField
              label={useRecovery ? "Recovery code" : "Code"}
              inputMode={useRecovery ? "text" : "numeric"}
              autoComplete="one-time-code"
              value={code}
              onChange={setCode}
              required
              autoFocus
            />
            {submit("Sign in")}
            {!step.challenge.enrol && (
              <button
                type="button"
                className="text-sm font-semibold text-accent hover:underline"
                onClick={() => {
                  setUseRecovery((r) => !r);
                  setCode("");
                }}
              >
                {useRecovery ? "Use a code from the app" : "Use a recovery code"}
              </button>
            )}
          </form>
        )}
        {step.kind === "recovery-codes" && (
          <div className="mt-2 grid gap-4">
            <h1 className="text-2xl font-extrabold">Save your recovery codes</h1>
            <p className="text-sm text-muted">
              If you lose your phone, each of these codes signs you in once. They are shown only now: keep
              them somewhere safe, away from this computer.
            </p>
            <ul
              data-testid="admin-recovery-codes"
              className="grid grid-cols-2 gap-2 rounded-2xl bg-bg p-4 font-mono text-sm"
            >
              {step.session.recoveryCodes?.map((c) => (
                <li key={c}>{c}</li>
              ))}
            </ul>
            <Button onClick={() => setStaffToken(step.session.token)}>I have saved them</Button>
          </div>
        )}
      </div>
    </main>
  );
}
