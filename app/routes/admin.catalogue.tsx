import { CatalogueScreen } from "~/features/admin/catalogue/CatalogueScreen";

/** `/admin/catalogue` (decision 0025): the lobby's games, collections and providers as staff edit them. */
export default function AdminCatalogue() {
  return <CatalogueScreen />;
}
