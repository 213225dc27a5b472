import type { Db } from "../../db/client";
import { noticeRecipient } from "../player";
import { NOTIFIED_KINDS, type NotifiedFact, noticeOfFact } from "./fact-messages";
import { writeNotices } from "./inbox";

export { NOTIFIED_KINDS };

/**
 * The notification consumer of the domain facts (decision 0014): a fact the player is told about becomes a message
 * (and a push) in their language, written in the consumer's transaction. The fact's key is the message's source
 * key, so handling a fact again writes nothing.
 */
export async function notifyOfFact(
  tx: Db,
  fact: NotifiedFact & { playerId: number | bigint | string },
): Promise<boolean> {
  const player = await noticeRecipient(tx, BigInt(fact.playerId));
  if (!player) return false;
  const notice = noticeOfFact(fact, player.language);
  if (!notice) return false;
  await writeNotices(tx, [
    {
      playerId: BigInt(fact.playerId),
      sourceKey: `fact:${fact.key}`,
      kind: notice.kind,
      title: notice.title,
      body: notice.body,
      url: notice.url,
      message: true,
      push: notice.push,
    },
  ]);
  return true;
}
