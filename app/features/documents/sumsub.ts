/** Sumsub's Web SDK, loaded only when Sumsub is the configured service and the player asks to verify. */
const SDK_URL = "https://static.sumsub.com/idensic/static/sns-websdk-builder.js";

interface SnsBuilder {
  init(token: string, refresh: () => Promise<string>): SnsBuilder;
  withConf(conf: object): SnsBuilder;
  on(event: string, handler: (payload: unknown) => void): SnsBuilder;
  build(): { launch(selector: string): void };
}

declare global {
  interface Window {
    snsWebSdk?: SnsBuilder;
  }
}

let loading: Promise<void> | undefined;

function loadSdk(): Promise<void> {
  loading ??= new Promise((resolve, reject) => {
    const script = document.createElement("script");
    script.src = SDK_URL;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => {
      loading = undefined;
      reject(new Error("The verification widget could not be loaded"));
    };
    document.head.append(script);
  });
  return loading;
}

/** Opens Sumsub's widget in the element; its token is refreshed through our API when it expires. */
export async function launchSumsub(
  selector: string,
  token: string,
  refresh: () => Promise<string>,
  onDone: () => void,
  lang: string,
) {
  await loadSdk();
  if (!window.snsWebSdk) throw new Error("The verification widget could not be loaded");
  window.snsWebSdk
    .init(token, refresh)
    .withConf({ lang })
    .on("idCheck.onApplicantSubmitted", onDone)
    .on("idCheck.onApplicantStatusChanged", onDone)
    .build()
    .launch(selector);
}
