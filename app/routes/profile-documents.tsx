import { ProfileDocuments } from "~/features/documents/ProfileDocuments";
import { apiFor } from "~/lib/api";
import { notFound } from "~/lib/locale";
import type { Route } from "./+types/profile-documents";

/** Spec point 2: the page is removed when verification is on and its hide option is set. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const init = await apiFor(request, context).get("/player/init");
  if (init.verification?.documentsPageHidden) notFound(request);
  return { mode: init.verification?.mode ?? "off" };
}

/** /profile/documents: the player's documents for review, and identity verification when it is on. */
export default function ProfileDocumentsRoute({ loaderData }: Route.ComponentProps) {
  return <ProfileDocuments mode={loaderData.mode} />;
}
