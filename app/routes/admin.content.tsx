import { ContentScreen } from "~/features/admin/content/ContentScreen";

/** `/admin/content` (decision 0028): banners, content pages and FAQ answers in every locale. */
export default function AdminContent() {
  return <ContentScreen />;
}
