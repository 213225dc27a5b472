/** Spec point 9: a bottom sheet closes when dragged down 10% of its height, or flicked down within 300 ms. */
export const SWIPE_CLOSE_RATIO = 0.1;
export const SWIPE_FLICK_MS = 300;
/** Below this a release is a tap or a tremor, not a flick. */
export const SWIPE_MIN_FLICK_PX = 6;

export function shouldCloseOnSwipe(drag: { distance: number; height: number; durationMs: number }): boolean {
  const { distance, height, durationMs } = drag;
  if (distance <= 0) return false;
  if (height > 0 && distance >= height * SWIPE_CLOSE_RATIO) return true;
  return durationMs <= SWIPE_FLICK_MS && distance >= SWIPE_MIN_FLICK_PX;
}
