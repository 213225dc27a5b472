import { z } from "zod";

/** GET /api/dev/outbox (outside production): an e-mail or SMS the built-in providers kept instead of sending. */
export const outboxEntry = z
  .object({
    id: z.number().int(),
    channel: z.enum(["email", "sms"]),
    to: z.string(),
    subject: z.string().nullable(),
    text: z.string(),
    html: z.string().nullable(),
    createdAt: z.string(),
    /** The links in the text, in order (verification and reset links). */
    links: z.array(z.string()),
    /** The first 6-digit code in the text, if any. */
    code: z.string().nullable(),
  })
  .meta({ id: "OutboxEntry" });
export type OutboxEntry = z.infer<typeof outboxEntry>;
