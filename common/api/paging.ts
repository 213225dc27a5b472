import { z } from "zod";

/** The meta of every paged list (spec point 3's push list meta, and the same for every other list). */
export const pageMeta = z
  .object({
    page: z.number().int(),
    perPage: z.number().int(),
    totalPages: z.number().int(),
    totalRows: z.number().int(),
  })
  .meta({ id: "PageMeta" });
export type PageMeta = z.infer<typeof pageMeta>;

/** The paged list shape every list call answers: one page of rows and where it stands. */
export interface Page<T> {
  data: T[];
  meta: PageMeta;
}

/** The schema of a paged list of `item`. */
export const paged = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item), meta: pageMeta });

/**
 * The one rule for a page's meta: as many pages as the rows fill, and never fewer than one, so an empty list
 * reads "page 1 of 1" rather than "page 1 of 0".
 */
export function pageMetaOf(page: number, perPage: number, totalRows: number): PageMeta {
  return { page, perPage, totalRows, totalPages: Math.max(1, Math.ceil(totalRows / perPage)) };
}

/** `?page&perPage` of a list call: page from 1, at most `maxPerPage` rows a page. */
export const pagingQuery = (o: { perPage: number; maxPerPage: number }) =>
  z.object({
    page: z.coerce.number().int().min(1).default(1),
    perPage: z.coerce.number().int().min(1).max(o.maxPerPage).default(o.perPage),
  });
