import { type FormEvent, useState } from "react";
import type { CampaignCreateBody } from "#common/api/admin-messages";
import { Button } from "~/components/ui/Button";
import { adminApi } from "../api";
import { useSaveAndRefresh } from "../kit/EditableRow";
import { ErrorAlert } from "../kit/errors";
import { Panel } from "../kit/Panel";
import { CAMPAIGNS_KEY } from "./CampaignList";
import { MessageFields } from "./MessageFields";
import { EMPTY_MESSAGE, newKey } from "./message-draft";
import { SegmentFields } from "./SegmentFields";
import { SegmentPreview, useSegmentPreview } from "./SegmentPreview";
import { EMPTY_SEGMENT, players, segmentOf } from "./segment";
import { useCountries } from "./site-lists";

/** A new message to a segment: who, what, and the live count of who receives it before it is sent. */
export function ComposeMessage() {
  const known = useCountries().data;
  const [who, setWho] = useState(EMPTY_SEGMENT);
  const [what, setWhat] = useState(EMPTY_MESSAGE);
  const [key, setKey] = useState(newKey);
  const segment = segmentOf(who, known);
  const preview = useSegmentPreview(segment);
  const send = useSaveAndRefresh(
    async () => {
      const body: CampaignCreateBody = {
        idempotencyKey: key,
        title: what.titles,
        body: what.bodies,
        url: what.url.trim() || null,
        channels: { inbox: what.inbox, webPush: what.webPush },
        segment,
      };
      return (await adminApi.post("/admin/messages/campaigns", body)).data;
    },
    CAMPAIGNS_KEY,
    () => {
      setKey(newKey());
      setWhat((w) => ({ ...w, titles: EMPTY_MESSAGE.titles, bodies: EMPTY_MESSAGE.bodies }));
    },
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    send.mutate();
  };
  const count = preview.data?.count;
  const ready =
    what.titles.en.trim() !== "" &&
    what.bodies.en.trim() !== "" &&
    (what.inbox || what.webPush) &&
    count !== 0;

  return (
    <Panel title="New message" testId="admin-compose">
      <form onSubmit={submit} className="grid grid-cols-1 gap-5 lg:grid-cols-[1fr_20rem]" noValidate>
        <div className="grid min-w-0 content-start gap-4">
          <SegmentFields draft={who} onChange={(patch) => setWho((w) => ({ ...w, ...patch }))} />
          <MessageFields draft={what} onChange={(patch) => setWhat((w) => ({ ...w, ...patch }))} />
        </div>
        <aside className="grid content-start gap-3 rounded-2xl bg-surface-2/60 p-4" aria-live="polite">
          <SegmentPreview preview={preview} />
          <Button type="submit" disabled={send.isPending || !ready} data-testid="admin-send">
            {count ? `Send to ${players(count)}` : "Send"}
          </Button>
          {count === 0 && <p className="text-xs text-muted">Nobody is in this segment.</p>}
          <ErrorAlert error={send.error} />
          {send.data && !send.isPending && (
            <p role="status" className="text-sm text-success" data-testid="admin-sent">
              Sending to {players(send.data.targeted)}.
            </p>
          )}
        </aside>
      </form>
    </Panel>
  );
}
