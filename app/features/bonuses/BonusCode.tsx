import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import type { BonusCodePreview, BonusCodeTrigger, PlayerBonusCode } from "#common/api/bonus";
import { BONUS_CODE_STATUS } from "#common/constants";
import { Button, buttonClass } from "~/components/ui/Button";
import { LockIcon } from "~/components/ui/icons";
import { KeyIcon } from "~/components/ui/page-icons";
import { useMoney } from "~/features/games/money";
import { field } from "~/features/wallet/ui";
import { alert } from "~/lib/alerts";
import { ApiRequestError } from "~/lib/api";
import { useTranslation } from "~/lib/i18n-react";
import { useProfile } from "~/lib/session/use-session";
import { ModalLink } from "~/modals/ModalLink";
import { bonusApi } from "./api";
import { BONUS_CODE_INPUT } from "./code-input";
import { bonusQueries, useReloadBonuses } from "./queries";

/**
 * The bonus code entry (form field `bonusCode`): an incorrect code and one not available raise spec point 8's
 * alerts and say so under the field. A good one is first shown with what it gives and that, while its bonus is
 * wagered, withdrawals wait (decision 0013, the player's own deposits included); it is applied only when the
 * player confirms.
 */
export function BonusCodeForm({ trigger = "manual" }: { trigger?: BonusCodeTrigger }) {
  const { t } = useTranslation("layout");
  const reload = useReloadBonuses();
  const [code, setCode] = useState("");
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<{ kind: "ok" | "error"; text: string }>();
  const [preview, setPreview] = useState<BonusCodePreview>();

  const refused = (status: number) => {
    alert.error(status === BONUS_CODE_STATUS.incorrect ? "bonus-code-incorrect" : "bonus-code-not-available");
    setAnswer({ kind: "error", text: t(`bonuses.code.status.${status}`) });
  };
  const failed = (err: unknown) => {
    const message = err instanceof ApiRequestError ? err.body.errors?.bonusCode?.[0] : undefined;
    setAnswer({ kind: "error", text: message ?? t("bonuses.code.failed") });
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const bonusCode = code.trim();
    if (!bonusCode) return setAnswer({ kind: "error", text: t("bonuses.code.required") });
    setBusy(true);
    setAnswer(undefined);
    setPreview(undefined);
    try {
      const p = await bonusApi.previewCode(bonusCode, trigger);
      if (p.status !== null) refused(p.status);
      else setPreview(p);
    } catch (err) {
      failed(err);
    } finally {
      setBusy(false);
    }
  };

  const apply = async () => {
    if (!preview) return;
    setBusy(true);
    try {
      const r = await bonusApi.redeemCode(preview.code, trigger);
      setPreview(undefined);
      if (r.status === BONUS_CODE_STATUS.incorrect || r.status === BONUS_CODE_STATUS.notAvailable)
        return refused(r.status);
      setCode("");
      setAnswer({
        kind: "ok",
        text: t(r.status === BONUS_CODE_STATUS.applied ? "bonuses.code.applied" : "bonuses.code.waiting", {
          code: r.code,
          reward: r.description ?? "",
        }),
      });
      void reload();
    } catch (err) {
      failed(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form noValidate onSubmit={submit} data-testid="bonus-code-form">
      <label htmlFor={`bonus-code-${trigger}`} className="mb-1.5 block text-sm font-semibold">
        {t("bonuses.code.label")}
      </label>
      <div className="flex gap-2">
        <div className="relative min-w-0 flex-1">
          <KeyIcon
            size={18}
            className="pointer-events-none absolute top-1/2 left-3.5 -translate-y-1/2 text-muted"
          />
          <input
            id={`bonus-code-${trigger}`}
            {...BONUS_CODE_INPUT}
            value={code}
            onChange={(e) => {
              setCode(e.target.value);
              setPreview(undefined);
            }}
            placeholder={t("bonuses.code.placeholder")}
            aria-invalid={answer?.kind === "error"}
            data-testid="bonus-code-input"
            className={`${field(answer?.kind === "error")} pl-10 font-semibold tracking-wide uppercase`}
          />
        </div>
        <Button
          variant={preview ? "secondary" : "primary"}
          size="lg"
          className="shrink-0"
          type="submit"
          disabled={busy}
          data-testid="bonus-code-submit"
        >
          {t("bonuses.code.check")}
        </Button>
      </div>
      {preview && (
        <CodeTerms preview={preview} busy={busy} onApply={apply} onDismiss={() => setPreview(undefined)} />
      )}
      {answer && (
        <p
          role={answer.kind === "error" ? "alert" : "status"}
          data-testid="bonus-code-answer"
          data-kind={answer.kind}
          className={`mt-2 text-sm ${answer.kind === "error" ? "text-danger" : "text-success"}`}
        >
          {answer.text}
        </p>
      )}
    </form>
  );
}

/** What a code gives and what it holds, before the player applies it. */
function CodeTerms({
  preview,
  busy,
  onApply,
  onDismiss,
}: {
  preview: BonusCodePreview;
  busy: boolean;
  onApply: () => void;
  onDismiss: () => void;
}) {
  const { t } = useTranslation("layout");
  const money = useMoney();
  const multiplier = Number(preview.wageringMultiplier ?? "0");
  const gives =
    preview.gives === "bonus" && preview.amount && preview.currency
      ? t("bonuses.code.terms.bonus", {
          amount: money(preview.amount, preview.currency),
          wager: money(preview.wagerAmount ?? "0", preview.currency),
          multiplier,
        })
      : t(`bonuses.code.terms.${preview.gives ?? "deposit"}`, { multiplier });
  return (
    <section
      aria-label={t("bonuses.code.terms.title", { code: preview.code })}
      data-testid="bonus-code-terms"
      className="mt-3 rounded-xl border border-gold/40 bg-gold/10 p-3.5 text-sm"
    >
      <p className="font-bold">
        {t("bonuses.code.terms.title", { code: preview.code })}
        {preview.description ? (
          <span className="font-normal text-muted"> · {preview.description}</span>
        ) : null}
      </p>
      <p className="mt-1.5">{gives}</p>
      {preview.holdsWithdrawals && (
        <p className="mt-1.5 flex gap-2 font-semibold" data-testid="bonus-code-holds">
          <LockIcon size={16} className="mt-0.5 shrink-0 text-gold" />
          <span>
            {preview.currency
              ? t("bonuses.code.terms.holds", { currency: preview.currency })
              : t("bonuses.code.terms.holdsAny")}
          </span>
        </p>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        <Button variant="primary" size="md" disabled={busy} onClick={onApply} data-testid="bonus-code-apply">
          {t("bonuses.code.submit")}
        </Button>
        <Button variant="ghost" size="md" onClick={onDismiss}>
          {t("bonuses.code.terms.dismiss")}
        </Button>
      </div>
    </section>
  );
}

/**
 * The player's redeemed codes; a deposit code still waiting for its deposit can be withdrawn, after the
 * `confirm` modal asks (its action `remove-bonus-code`, app/features/shell/modals/confirm-actions.ts).
 */
export function BonusCodeList() {
  const { t } = useTranslation("layout");
  const playerId = useProfile()?.id;
  const q = useQuery(bonusQueries.codes(playerId));
  const codes = (q.data ?? []).filter((c): c is PlayerBonusCode & { playerBonusCodeId: string } =>
    Boolean(c.playerBonusCodeId),
  );
  if (q.isError && !q.data)
    return (
      <p role="alert" className="mt-4 text-sm text-danger">
        {t("bonuses.code.listFailed")}{" "}
        <Button variant="inline" onClick={() => void q.refetch()}>
          {t("bonuses.retry")}
        </Button>
      </p>
    );
  if (!codes.length) return null;
  return (
    <ul className="mt-4 divide-y divide-line rounded-xl border border-line" data-testid="bonus-codes">
      {codes.map((c) => (
        <li
          key={c.playerBonusCodeId}
          className="flex items-center gap-3 px-3 py-2.5 text-sm"
          data-status={c.status}
        >
          <span className="font-mono font-bold tracking-wide">{c.code}</span>
          <span className="min-w-0 flex-1 truncate text-muted">{c.description}</span>
          <span className="text-xs font-semibold text-muted">{t(`bonuses.code.status.${c.status}`)}</span>
          {c.status === BONUS_CODE_STATUS.waiting && (
            <ModalLink
              modal="confirm"
              value={`remove-bonus-code:${c.playerBonusCodeId}`}
              className={buttonClass("link", "sm", "text-xs text-danger")}
              data-testid="bonus-code-remove"
            >
              {t("bonuses.code.remove")}
            </ModalLink>
          )}
        </li>
      ))}
    </ul>
  );
}
