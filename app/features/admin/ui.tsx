/**
 * The back office's shared pieces, as the screens written before the kit (app/features/admin/kit) import
 * them; each is defined once, in the kit. New code imports from the kit's files.
 */

export { DocumentStatus, STATUS_TONE, StatusBadge } from "./kit/badges";
export { errorText } from "./kit/errors";
export { AdminField } from "./kit/fields";
export { FilterButtons, usePageParam, useTabParam } from "./kit/filters";
export { pageLabel, when } from "./kit/format";
export { ListState } from "./kit/ListState";
export { Panel } from "./kit/Panel";
