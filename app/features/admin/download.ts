import { staffTokenNow } from "./api";

/**
 * Downloads a file the back office serves to staff only (a report's CSV, a batch of bonus codes): fetched with
 * the staff token, saved from a Blob under the name the server gives, else `fallbackName`.
 */
export async function downloadStaffFile(path: string, fallbackName: string, failure: string) {
  const res = await fetch(`/api${path}`, {
    headers: { authorization: `Bearer ${staffTokenNow() ?? ""}` },
  });
  if (!res.ok) throw new Error(failure);
  const name = /filename="([^"]+)"/.exec(res.headers.get("content-disposition") ?? "")?.[1];
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement("a");
  a.href = url;
  a.download = name ?? fallbackName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
