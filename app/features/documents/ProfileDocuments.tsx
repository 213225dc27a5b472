import { useState } from "react";
import { useSearchParams } from "react-router";
import { DOCUMENT_TYPES, type DocumentType, type PlayerDocument } from "#common/api/documents";
import { DOCUMENT_STATUS } from "#common/constants";
import { Badge } from "~/components/ui/Badge";
import { Button } from "~/components/ui/Button";
import { Card } from "~/components/ui/Card";
import { Spinner } from "~/components/ui/Field";
import { IconTile } from "~/components/ui/IconTile";
import { Select } from "~/components/ui/Input";
import { FileIcon } from "~/components/ui/icons";
import { ShieldCheckIcon } from "~/components/ui/page-icons";
import { Loading } from "~/components/ui/states";
import { ProfileSectionFailed } from "~/features/profile/SectionFailed";
import { useShellLocale } from "~/features/shell/nav";
import { ApiRequestError } from "~/lib/api";
import { useIntlLocale } from "~/lib/formats";
import { useTranslation } from "~/lib/i18n-react";
import { useProfile } from "~/lib/session/use-session";
import { startVerification, useDocumentActions, useDocuments, useVerification } from "./queries";
import { launchSumsub } from "./sumsub";

const STATUS_TONE = { 1: "warn", 2: "ok", 3: "neutral" } as const;
const STATUS_KEY = { 1: "pending", 2: "approved", 3: "declined" } as const;

const errorText = (err: unknown, fallback: string) =>
  err instanceof ApiRequestError
    ? (err.body.errors.file?.[0] ?? err.body.errors.type?.[0] ?? err.message)
    : fallback;

/** /profile/documents: the player's documents for review, and identity verification when it is on. */
export function ProfileDocuments({ mode }: { mode: "off" | "sandbox" | "sumsub" }) {
  const { t } = useTranslation("layout");
  const profile = useProfile();
  return (
    <div className="flex flex-col gap-6">
      {mode !== "off" && <VerifyIdentity mode={mode} playerId={profile?.id} />}
      <Card
        testId="documents"
        title={t("profile.documents.title")}
        description={t("profile.documents.description")}
      >
        <UploadForm playerId={profile?.id} />
        <DocumentList playerId={profile?.id} />
      </Card>
    </div>
  );
}

function VerifyIdentity({ mode, playerId }: { mode: "sandbox" | "sumsub"; playerId?: string }) {
  const { t } = useTranslation("layout");
  const locale = useShellLocale();
  const [params] = useSearchParams();
  const verification = useVerification(playerId, true);
  const [state, setState] = useState<{ busy?: boolean; error?: string; widget?: boolean }>({});
  const status = verification.data?.status;
  const start = async () => {
    setState({ busy: true });
    try {
      const { token, url } = await startVerification();
      if (mode === "sandbox" && url) {
        window.location.assign(url);
        return;
      }
      setState({ widget: true });
      await launchSumsub(
        "#sumsub-websdk",
        token,
        async () => (await startVerification()).token,
        () => void verification.refetch(),
        locale.split("-")[0] ?? "en",
      );
    } catch (err) {
      setState({ error: errorText(err, t("profile.failed")) });
    }
  };
  const tone = status === "verified" ? "ok" : status === "rejected" ? "neutral" : "warn";
  return (
    <Card
      testId="verification"
      title={t("profile.documents.verify.title")}
      description={t("profile.documents.verify.description")}
      action={
        status && (
          <Badge tone={tone}>
            <span data-testid="verification-status" data-status={status}>
              {t(`profile.documents.verify.status.${status}`)}
            </span>
          </Badge>
        )
      }
    >
      {verification.isError && (
        <p role="alert" className="mb-3 text-sm text-danger">
          {t("profile.failed")}
        </p>
      )}
      {params.get("verification") === "done" && status === "pending" && (
        <p className="mb-3 text-sm text-muted">{t("profile.documents.verify.inReview")}</p>
      )}
      {status === "verified" && (
        <p className="flex items-center gap-2 text-sm text-muted">
          <ShieldCheckIcon size={18} className="text-accent" />
          {t("profile.documents.verify.done")}
        </p>
      )}
      {status === "rejected" && verification.data?.reason && (
        <p className="mb-3 text-sm text-muted">{verification.data.reason}</p>
      )}
      {status !== "verified" && !state.widget && (
        <Button
          type="button"
          onClick={start}
          disabled={state.busy || verification.isPending}
          data-testid="verify-start"
        >
          {state.busy ? <Spinner /> : <ShieldCheckIcon size={18} />}
          {t(status === "rejected" ? "profile.documents.verify.again" : "profile.documents.verify.start")}
        </Button>
      )}
      {state.error && (
        <p role="alert" className="mt-3 text-sm text-danger">
          {state.error}
        </p>
      )}
      {mode === "sumsub" && state.widget && <div id="sumsub-websdk" className="min-h-96" />}
    </Card>
  );
}

function UploadForm({ playerId }: { playerId?: string }) {
  const { t } = useTranslation("layout");
  const { upload } = useDocumentActions(playerId);
  const [type, setType] = useState<DocumentType>("id");
  const [file, setFile] = useState<File | null>(null);
  const [formKey, setFormKey] = useState(0);
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!file) return;
    upload.mutate(
      { type, file },
      {
        onSuccess: () => {
          setFile(null);
          setFormKey((k) => k + 1);
        },
      },
    );
  };
  const fieldClass =
    "h-11 w-full rounded-xl border border-line bg-surface-2 px-3 text-sm outline-none focus:border-accent";
  return (
    <form
      key={formKey}
      onSubmit={submit}
      className="mb-5 grid gap-3 sm:grid-cols-[12rem_1fr_auto] sm:items-end"
      data-testid="document-upload"
    >
      <label className="flex flex-col gap-1.5 text-sm font-semibold">
        {t("profile.documents.type")}
        <Select
          controlSize="sm"
          value={type}
          onChange={(e) => setType(e.target.value as DocumentType)}
          data-testid="document-type"
        >
          {DOCUMENT_TYPES.map((v) => (
            <option key={v} value={v}>
              {t(`profile.documents.types.${v}`)}
            </option>
          ))}
        </Select>
      </label>
      <label className="flex min-w-0 flex-col gap-1.5 text-sm font-semibold">
        {t("profile.documents.file")}
        <input
          type="file"
          accept="image/jpeg,image/png,image/heic,.heic,application/pdf"
          onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          className={`${fieldClass} py-2 file:mr-3 file:rounded-lg file:border-0 file:bg-surface-3 file:px-3 file:py-1 file:text-sm file:font-semibold file:text-fg`}
          data-testid="document-file"
        />
      </label>
      <Button type="submit" disabled={!file || upload.isPending} data-testid="document-submit">
        {upload.isPending && <Spinner />}
        {t(upload.isPending ? "profile.documents.uploading" : "profile.documents.upload")}
      </Button>
      <p className="text-xs text-muted sm:col-span-3">{t("profile.documents.hint")}</p>
      {upload.isPending && (
        <div
          className="h-1.5 overflow-hidden rounded-full bg-surface-2 sm:col-span-3"
          role="progressbar"
          aria-label={t("profile.documents.uploading")}
        >
          <div className="h-full w-1/3 animate-pulse rounded-full bg-accent" />
        </div>
      )}
      {upload.isError && (
        <p role="alert" className="text-sm text-danger sm:col-span-3" data-testid="document-error">
          {errorText(upload.error, t("profile.failed"))}
        </p>
      )}
    </form>
  );
}

function DocumentList({ playerId }: { playerId?: string }) {
  const { t } = useTranslation("layout");
  const list = useDocuments(playerId);
  if (list.isPending) return <Loading rows={2} rowClassName="h-16" className="gap-3" />;
  if (list.isError) return <ProfileSectionFailed onRetry={() => void list.refetch()} />;
  if (list.data.length === 0)
    return (
      <p
        className="rounded-xl border border-dashed border-line px-4 py-8 text-center text-sm text-muted"
        data-testid="documents-empty"
      >
        {t("profile.documents.empty")}
      </p>
    );
  return (
    <ul className={`flex flex-col gap-2 ${list.isFetching ? "opacity-60" : ""}`}>
      {list.data.map((d) => (
        <DocumentRow key={d.id} document={d} playerId={playerId} />
      ))}
    </ul>
  );
}

function DocumentRow({ document: d, playerId }: { document: PlayerDocument; playerId?: string }) {
  const { t } = useTranslation("layout");
  const intl = useIntlLocale();
  const { remove } = useDocumentActions(playerId);
  const [confirming, setConfirming] = useState(false);
  const date = new Intl.DateTimeFormat(intl, { dateStyle: "medium" });
  const size = new Intl.NumberFormat(intl, {
    style: "unit",
    unit: "kilobyte",
    maximumFractionDigits: 0,
  });
  return (
    <li
      data-testid="document-row"
      data-status={d.status}
      className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded-xl border border-line bg-surface-2/50 px-4 py-3"
    >
      <IconTile className="bg-surface-3 text-muted" icon={FileIcon} />
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 font-semibold">
          <span className="truncate">{t(`profile.documents.types.${d.type}`)}</span>
          <Badge tone={STATUS_TONE[d.status]}>
            <span data-testid="document-status">{t(`profile.documents.status.${STATUS_KEY[d.status]}`)}</span>
          </Badge>
        </p>
        <p className="mt-0.5 truncate text-xs text-muted">
          {[d.name, size.format(Math.max(1, d.size / 1024)), date.format(new Date(d.createdAt))].join(" · ")}
        </p>
        {d.status === DOCUMENT_STATUS.declined && d.reason && (
          <p className="mt-1 text-xs text-danger">{d.reason}</p>
        )}
      </div>
      {d.status === DOCUMENT_STATUS.pending &&
        (confirming ? (
          <span className="flex items-center gap-2">
            <span className="text-sm text-muted">{t("profile.documents.confirmDelete")}</span>
            <Button
              variant="secondary"
              size="sm"
              className="border-danger/50 text-danger hover:bg-danger/10"
              disabled={remove.isPending}
              onClick={() => remove.mutate(d.id)}
              data-testid="document-delete-confirm"
            >
              {remove.isPending && <Spinner />}
              {t("profile.documents.delete")}
            </Button>
            <Button variant="secondary" size="sm" onClick={() => setConfirming(false)}>
              {t("profile.documents.cancel")}
            </Button>
          </span>
        ) : (
          <Button
            variant="secondary"
            size="sm"
            onClick={() => setConfirming(true)}
            data-testid="document-delete"
          >
            {t("profile.documents.delete")}
          </Button>
        ))}
      {remove.isError && (
        <p role="alert" className="w-full text-sm text-danger">
          {errorText(remove.error, t("profile.failed"))}
        </p>
      )}
    </li>
  );
}
