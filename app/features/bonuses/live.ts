import { PLAYER_BONUS_STATUS } from "#common/constants";

/** Spec point 9: the bonus and free-spin lists refresh at most once per 500 ms of publications. */
export const BONUS_REFRESH_DEBOUNCE_MS = 500;

/** Spec point 4: only issued (1) and active (2) items stay in the player's lists. */
export const LISTED_STATUSES: readonly number[] = [PLAYER_BONUS_STATUS.issued, PLAYER_BONUS_STATUS.active];

export const isListed = (item: { status: number }): boolean => LISTED_STATUSES.includes(item.status);

/** A player's list with what it may show: statuses 1 and 2 only. */
export const keepListed = <T extends { status: number }>(items: readonly T[]): T[] => items.filter(isListed);

/**
 * A publication applied to a list at once: the item replaces its old self, joins the front when new, and
 * leaves when its status is no longer 1 or 2 (finished: played, canceled, expired, lost).
 */
export function applyPublished<T extends { id: string; status: number }>(items: readonly T[], item: T): T[] {
  const at = items.findIndex((i) => i.id === item.id);
  if (!isListed(item)) return at < 0 ? [...items] : items.filter((i) => i.id !== item.id);
  if (at < 0) return [item, ...items];
  const next = [...items];
  next[at] = item;
  return next;
}

/**
 * Calls `fn` once, `ms` after the last of a burst of calls (a bet moving the wagering publishes on every
 * settled round): the lists are read again once the burst is over, not once per publication.
 */
export function debounce(fn: () => void, ms: number): { (): void; cancel: () => void } {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const call = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      fn();
    }, ms);
  };
  call.cancel = () => {
    clearTimeout(timer);
    timer = undefined;
  };
  return call;
}
