import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link } from "react-router";
import type { StaffMe } from "#common/api/admin";
import type { SupportContactMessage } from "#common/api/admin-support";
import { Badge } from "~/components/ui/Badge";
import { Button } from "~/components/ui/Button";
import { adminApi, can } from "~/features/admin/api";
import { FilterButtons, when } from "~/features/admin/ui";
import { AdminList } from "../kit/AdminList";
import { ErrorAlert } from "../kit/errors";
import { SUPPORT_KEYS } from "./live";
import { ReplyBox } from "./ReplyBox";

type Filter = "waiting" | "done" | "all";
const TONE = { new: "info", answered: "ok", done: "neutral" } as const;

function ContactItem({ m, me }: { m: SupportContactMessage; me: StaffMe }) {
  const client = useQueryClient();
  const refresh = () => void client.invalidateQueries({ queryKey: SUPPORT_KEYS.contact });
  const done = useMutation({
    mutationFn: (d: boolean) => adminApi.post(`/admin/support/contact/${m.id}/done`, { done: d }),
    onSuccess: refresh,
  });
  const mayAnswer = can(me, "support.answer");
  return (
    <li className="grid gap-3 rounded-2xl border border-line bg-surface p-4" data-testid="contact-message">
      <header className="flex flex-wrap items-center gap-2 text-sm">
        <h3 className="mr-auto text-base font-bold">{m.subject}</h3>
        <Badge tone={TONE[m.status]} size="sm">
          {m.status}
        </Badge>
      </header>
      <p className="text-sm text-muted">
        {m.name} · {m.email} · {m.locale} · {when(m.createdAt)}
        {m.playerId && (
          <>
            {" · "}
            <Link
              to={`/admin/players/${m.playerId}`}
              target="_blank"
              className="font-semibold text-accent hover:underline"
            >
              Player's page ↗
            </Link>
          </>
        )}
      </p>
      <p className="whitespace-pre-wrap break-words rounded-xl bg-bg/40 p-3 text-sm">{m.message}</p>
      {m.replies.map((r) => (
        <div
          key={r.id}
          className="rounded-xl border border-accent/30 bg-accent/10 p-3 text-sm"
          data-testid="contact-reply"
        >
          <p className="mb-1 text-xs text-muted">
            E-mailed by {r.staffName} · {when(r.createdAt)}
          </p>
          <p className="whitespace-pre-wrap break-words">{r.text}</p>
        </div>
      ))}
      {mayAnswer && m.status !== "done" && (
        <ReplyBox
          label={`Reply by e-mail to ${m.email}`}
          sendLabel="Send e-mail"
          onSend={async ({ text }) => {
            await adminApi.post(`/admin/support/contact/${m.id}/reply`, { text });
            refresh();
          }}
        />
      )}
      {mayAnswer && (
        <div className="flex flex-wrap items-center gap-2">
          <Button
            size="sm"
            variant="secondary"
            disabled={done.isPending}
            onClick={() => done.mutate(m.status !== "done")}
          >
            {m.status === "done" ? "Back to waiting" : "Mark done"}
          </Button>
          <ErrorAlert error={done.error} />
        </div>
      )}
    </li>
  );
}

/** The contact form's messages: waiting ones oldest first; each answered by e-mail, then marked done. */
export function ContactMessages({
  me,
  filter,
  onFilter,
}: {
  me: StaffMe;
  filter: Filter;
  onFilter: (f: Filter) => void;
}) {
  const list = useQuery({
    queryKey: [...SUPPORT_KEYS.contact, filter],
    queryFn: () => adminApi.get("/admin/support/contact", { status: filter, perPage: 30 }),
  });
  return (
    <div className="grid max-w-4xl gap-3">
      <AdminList
        query={list}
        items={list.data?.data}
        emptyText="Nothing waits."
        className="grid gap-3"
        testId="contact-messages"
        filters={
          <FilterButtons
            options={
              [
                ["waiting", "Waiting"],
                ["done", "Done"],
                ["all", "All"],
              ] as const
            }
            value={filter}
            onChange={onFilter}
          />
        }
      >
        {(m) => <ContactItem m={m} me={me} />}
      </AdminList>
    </div>
  );
}
