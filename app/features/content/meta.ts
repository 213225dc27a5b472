import type { MetaDescriptor } from "react-router";

export const SITE_NAME = "Lucky Harbor";

/** Title and description of a content screen; the brand follows the page's own title. */
export function pageMeta(title: string | undefined, description?: string): MetaDescriptor[] {
  if (!title) return [{ title: SITE_NAME }];
  const full = title.includes(SITE_NAME) ? title : `${title} · ${SITE_NAME}`;
  return [
    { title: full },
    ...(description ? [{ name: "description", content: description }] : []),
    { property: "og:title", content: full },
    ...(description ? [{ property: "og:description", content: description }] : []),
  ];
}
