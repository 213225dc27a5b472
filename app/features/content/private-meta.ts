import type { MetaDescriptor } from "react-router";
import { SITE_NAME } from "./meta";

// Apart from meta.ts, which the home page loads: none of these pages is a first paint.
/** A page of one visitor's own (a link from an e-mail, a login's return): the brand, and kept out of search. */
export const privatePageMeta = (): MetaDescriptor[] => [
  { title: SITE_NAME },
  { name: "robots", content: "noindex" },
];
