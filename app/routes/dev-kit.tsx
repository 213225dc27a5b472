import { KitGallery } from "~/features/dev/KitGallery";

/** The UI kit's gallery (development only: app/routes.ts adds it when not building for production). */
export function meta() {
  return [{ title: "UI kit" }, { name: "robots", content: "noindex" }];
}

export default function DevKit() {
  return <KitGallery />;
}
