import type { ApiModule } from "../../app";
import { documentRoutes } from "./routes";
import { verificationRoutes } from "./routes-verification";

export { checkedUpload, listDocuments } from "./service";

/**
 * The player's documents (uploads checked by content, kept behind the storage port) and identity verification
 * (the configured service's token, its review webhook, the built-in sandbox's page). Decision 0010.
 */
export const documentsModule: ApiModule = async (api, deps) => {
  await api.register(
    documentRoutes({
      db: deps.db,
      clock: deps.clock,
      storage: deps.storage,
      maxBytes: deps.config.DOCUMENT_MAX_BYTES,
    }),
  );
  await api.register(verificationRoutes({ db: deps.db, config: deps.config, verifier: deps.identity }));
};

// What payment uses (issue 37 step 3).
// What the back office (admin) uses (issue 37 step 3).
export { reviewDocument } from "./review";
export { documentFileForStaff, documentForStaff, documentsForReview } from "./staff-view";
export { verificationOf } from "./verification";
