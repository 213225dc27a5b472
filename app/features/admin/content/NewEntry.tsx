import type { AdminContentList, ContentText } from "#common/api/admin-content";
import { adminApi } from "../api";
import { useSaveAndRefresh } from "../kit/EditableRow";
import { CONTENT_KEY, LOCALE_NAMES } from "./content-words";
import { TextEditor } from "./TextEditor";

/** A new entry, written first in the site's default language. */
export function NewEntry({
  list,
  onCreated,
}: {
  list: AdminContentList;
  onCreated: (identity: string) => void;
}) {
  const create = useSaveAndRefresh(
    ({ text, identity }: { text: ContentText; identity: string }) =>
      adminApi.post(`/admin/content/${list.kind}`, { identity, locale: list.defaultLocale, ...text }),
    [...CONTENT_KEY, list.kind],
    (_d, v) => onCreated(v.identity),
  );
  return (
    <TextEditor
      list={list}
      initial={null}
      editable
      withIdentity
      busy={create.isPending}
      error={create.error}
      submitLabel={`Create in ${LOCALE_NAMES[list.defaultLocale]}`}
      onSubmit={(text, identity) => create.mutate({ text, identity })}
    />
  );
}
