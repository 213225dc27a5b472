import { useMutation, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Button } from "~/components/ui/Button";
import { FormField } from "~/components/ui/FormField";
import { Input, Select, Textarea } from "~/components/ui/Input";
import { adminApi } from "~/features/admin/api";
import { errorText } from "~/features/admin/ui";
import { submitWith } from "../kit/fields";
import { SUPPORT_KEYS } from "./live";

/** The canned answers, for the reply box's picker and their own screen. */
export function useCannedAnswers() {
  return useQuery({
    queryKey: SUPPORT_KEYS.canned,
    queryFn: async () => (await adminApi.get("/admin/support/canned")).data,
  });
}

/**
 * A reply: its text, a canned answer to insert at the cursor's end, and (in a chat) one file — JPEG, PNG,
 * HEIC or PDF, checked by the server as a visitor's are.
 */
export function ReplyBox({
  label,
  attachments = false,
  sendLabel = "Send",
  onSend,
}: {
  label: string;
  attachments?: boolean;
  sendLabel?: string;
  onSend: (reply: { text: string; file?: File }) => Promise<void>;
}) {
  const canned = useCannedAnswers();
  const [text, setText] = useState("");
  const [file, setFile] = useState<File | undefined>();
  const [fileKey, setFileKey] = useState(0);
  const send = useMutation({
    mutationFn: () => onSend({ text: text.trim(), file }),
    onSuccess: () => {
      setText("");
      setFile(undefined);
      setFileKey((k) => k + 1);
    },
  });
  return (
    <form className="grid gap-2" onSubmit={submitWith(() => send.mutate())}>
      {(canned.data?.length ?? 0) > 0 && (
        <Select
          controlSize="sm"
          aria-label="Insert a canned answer"
          value=""
          data-testid="canned-picker"
          onChange={(e) => {
            const picked = canned.data?.find((a) => a.id === e.target.value);
            if (picked) setText((t) => (t.trim() ? `${t.trimEnd()}\n\n${picked.body}` : picked.body));
          }}
        >
          <option value="">Insert a canned answer…</option>
          {canned.data?.map((a) => (
            <option key={a.id} value={a.id}>
              {a.title}
            </option>
          ))}
        </Select>
      )}
      <FormField label={label} error={send.error ? errorText(send.error) : undefined}>
        {(f) => (
          <Textarea
            {...f}
            rows={3}
            value={text}
            onChange={(e) => setText(e.target.value)}
            data-testid="reply-text"
          />
        )}
      </FormField>
      <div className="flex flex-wrap items-center gap-2">
        {attachments && (
          <Input
            key={fileKey}
            type="file"
            aria-label="Attach a file"
            accept="image/jpeg,image/png,image/heic,application/pdf"
            className="h-auto max-w-xs py-2 text-sm"
            onChange={(e) => setFile(e.target.files?.[0])}
          />
        )}
        <Button
          type="submit"
          size="sm"
          busy={send.isPending}
          disabled={!text.trim() && !file}
          className="ml-auto"
        >
          {sendLabel}
        </Button>
      </div>
    </form>
  );
}
