import { externalError } from "./errors";

/**
 * The browser's three ways to the provider's authorize page (spec point 4): the whole page by redirect, a popup
 * (400 by 600, closed by the player or timed out after 60 s), and a hidden frame for silent renewal. The popup
 * and the frame end on /auth/callback, which posts its address back to this page (same origin only).
 */

/** Spec point 9: the popup is 400 by 600 and gives up after 60 s; the hidden frame waits as long. */
export const POPUP = { width: 400, height: 600, timeoutS: 60 } as const;
export const FRAME_TIMEOUT_S = 60;

/** The message /auth/callback posts to the page that opened it. */
export const CALLBACK_MESSAGE = "lucky-harbor:authorization-response";

interface CallbackMessage {
  type: typeof CALLBACK_MESSAGE;
  url: string;
}

const isCallbackMessage = (data: unknown): data is CallbackMessage =>
  typeof data === "object" &&
  data !== null &&
  (data as CallbackMessage).type === CALLBACK_MESSAGE &&
  typeof (data as CallbackMessage).url === "string";

/** Waits for `source`'s callback message; `watch` may end the wait early (a closed popup). */
function awaitCallback(
  source: () => Window | null,
  timeoutS: number,
  watch?: (fail: (err: Error) => void) => () => void,
): Promise<string> {
  return new Promise((resolve, reject) => {
    let stopWatch = () => {};
    const done = () => {
      window.removeEventListener("message", onMessage);
      clearTimeout(timer);
      stopWatch();
    };
    const onMessage = (e: MessageEvent) => {
      if (e.origin !== window.location.origin || e.source !== source() || !isCallbackMessage(e.data)) return;
      done();
      resolve(e.data.url);
    };
    const timer = setTimeout(() => {
      done();
      reject(externalError("timeout"));
    }, timeoutS * 1000);
    window.addEventListener("message", onMessage);
    if (watch)
      stopWatch = watch((err) => {
        done();
        reject(err);
      });
  });
}

/** Opens the authorize page in a centred popup and answers the callback address it ends on. */
export async function popupAuthorize(url: string): Promise<string> {
  const left = Math.max(0, Math.round(window.screenX + (window.outerWidth - POPUP.width) / 2));
  const top = Math.max(0, Math.round(window.screenY + (window.outerHeight - POPUP.height) / 2));
  const popup = window.open(
    url,
    "lucky-harbor-sign-in",
    `popup=yes,width=${POPUP.width},height=${POPUP.height},left=${left},top=${top}`,
  );
  if (!popup) throw externalError("popup_blocked");
  try {
    return await awaitCallback(
      () => popup,
      POPUP.timeoutS,
      (fail) => {
        const poll = setInterval(() => {
          if (popup.closed) fail(externalError("cancelled"));
        }, 500);
        return () => clearInterval(poll);
      },
    );
  } finally {
    if (!popup.closed) popup.close();
  }
}

/** Runs a prompt=none authorization in a hidden frame and answers the callback address it ends on. */
export async function frameAuthorize(url: string): Promise<string> {
  const frame = document.createElement("iframe");
  frame.setAttribute("aria-hidden", "true");
  frame.setAttribute("title", "session renewal");
  frame.style.cssText = "position:absolute;width:0;height:0;border:0;visibility:hidden";
  frame.src = url;
  document.body.appendChild(frame);
  try {
    return await awaitCallback(() => frame.contentWindow, FRAME_TIMEOUT_S);
  } finally {
    frame.remove();
  }
}

/**
 * On /auth/callback: in a popup or the hidden frame, hands the address to the page that opened it and answers
 * true; a top-level page (after a redirect) answers false and finishes the login itself.
 */
export function handBack(url: string): boolean {
  const target =
    window.opener && window.opener !== window
      ? window.opener
      : window.parent !== window
        ? window.parent
        : null;
  if (!target) return false;
  const message: CallbackMessage = { type: CALLBACK_MESSAGE, url };
  (target as Window).postMessage(message, window.location.origin);
  return true;
}
