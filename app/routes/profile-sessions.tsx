import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { Page, PlayerSession } from "#common/api/player";
import { Badge } from "~/components/ui/Badge";
import { buttonClass } from "~/components/ui/Button";
import { Card } from "~/components/ui/Card";
import { Spinner } from "~/components/ui/Field";
import { IconTile } from "~/components/ui/IconTile";
import { DevicesIcon } from "~/components/ui/icons";
import { Pager } from "~/components/ui/Pager";
import { PhoneIcon } from "~/components/ui/page-icons";
import { SESSIONS_KEY } from "~/features/auth/flow";
import { ProfileSectionFailed } from "~/features/profile/SectionFailed";
import { useIntlLocale } from "~/lib/formats";
import { useTranslation } from "~/lib/i18n-react";
import { api } from "~/lib/session/client";
import { ModalLink } from "~/modals/ModalLink";

const PER_PAGE = 10;

/** /profile/sessions: where the player is logged in (GET /api/player/sessions), with a way to end each. */
export default function ProfileSessions() {
  const { t } = useTranslation("layout");
  const intl = useIntlLocale();
  const [page, setPage] = useState(1);
  // Read each time the page opens, and again when a modal closes sessions (announceSessionsChanged).
  const query = useQuery({
    queryKey: [...SESSIONS_KEY, page],
    queryFn: (): Promise<Page<PlayerSession>> => api().get("/player/sessions", { page, perPage: PER_PAGE }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  const state = { data: query.data, failed: query.isError, loading: query.isFetching };

  const date = new Intl.DateTimeFormat(intl, { dateStyle: "medium", timeStyle: "short" });
  const rows = state.data?.data ?? [];
  const others = (state.data?.meta.totalRows ?? 0) > 1;

  return (
    <Card
      testId="sessions"
      title={t("profile.sessions.title")}
      description={t("profile.sessions.description")}
      action={
        others ? (
          <ModalLink
            modal="confirm-session-logout"
            value="others"
            data-testid="close-other-sessions"
            className={`${buttonClass("secondary", "sm")} border-danger/50 text-danger hover:bg-danger/10`}
          >
            {t("profile.sessions.closeOthers")}
          </ModalLink>
        ) : undefined
      }
    >
      {state.loading && !state.data && (
        <div className="flex flex-col gap-3" aria-busy="true">
          {[0, 1, 2].map((i) => (
            <div key={i} className="h-16 animate-pulse rounded-xl bg-surface-2" />
          ))}
        </div>
      )}
      {state.failed && <ProfileSectionFailed onRetry={() => query.refetch()} />}
      {state.data && (
        <ul className={`flex flex-col gap-2 ${state.loading ? "opacity-60" : ""}`}>
          {rows.map((s) => {
            const mobile = /Android|iPhone|iPad|Mobile/i.test(s.userAgent ?? "");
            return (
              <li
                key={s.id}
                data-testid="session-row"
                data-current={s.current ? "true" : undefined}
                className={`flex flex-wrap items-center gap-x-4 gap-y-2 rounded-xl border px-4 py-3 ${
                  s.current ? "border-accent/40 bg-accent/5" : "border-line bg-surface-2/50"
                }`}
              >
                <IconTile className="bg-surface-3 text-muted">
                  {mobile ? <PhoneIcon size={18} /> : <DevicesIcon size={18} />}
                </IconTile>
                <div className="min-w-0 flex-1">
                  <p className="flex flex-wrap items-center gap-2 font-semibold">
                    {s.device}
                    {s.current && <Badge tone="ok">{t("profile.sessions.current")}</Badge>}
                  </p>
                  <p className="mt-0.5 text-xs text-muted">
                    {[s.ip, t("profile.sessions.lastSeen", { date: date.format(new Date(s.lastSeenAt)) })]
                      .filter(Boolean)
                      .join(" · ")}
                  </p>
                </div>
                {!s.current && (
                  <ModalLink
                    modal="confirm-session-logout"
                    value={s.id}
                    className={buttonClass("secondary", "sm")}
                  >
                    {t("profile.sessions.close")}
                  </ModalLink>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <Pager
        page={page}
        meta={state.data?.meta}
        label={(page, total) => t("profile.page", { page, total })}
        onPage={setPage}
        busy={state.loading && <Spinner />}
        prev={t("profile.prev")}
        next={t("profile.next")}
      />
    </Card>
  );
}
