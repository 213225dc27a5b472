import type { AdminCollection } from "#common/api/admin-catalogue";
import { adminApi } from "../api";
import { Tag } from "../kit/badges";
import { EditableRow } from "../kit/EditableRow";
import { CollectionEditor } from "./CollectionEditor";
import { CollectionGameOrder } from "./CollectionGameOrder";
import { CATALOGUE_KEY } from "./queries";

/** A collection: its address, size and countries; Hide/Show, the editor and its games in order. */
export function CollectionRow({ collection, editable }: { collection: AdminCollection; editable: boolean }) {
  return (
    <EditableRow
      testId="admin-collection"
      refresh={CATALOGUE_KEY}
      editable={editable}
      headClassName="flex flex-wrap items-start gap-3"
      toggle={{
        on: !collection.isHidden,
        labels: ["Hide", "Show"],
        save: (shown) =>
          adminApi.patch(`/admin/catalogue/collections/${collection.id}`, { isHidden: !shown }),
      }}
      editor={(close) => <CollectionEditor collection={collection} onDone={close} />}
      panels={{
        games: {
          label: "Games",
          readable: true,
          render: () => <CollectionGameOrder collection={collection} editable={editable} />,
        },
      }}
    >
      <div className="min-w-0 flex-1">
        <p className="font-semibold">
          {collection.name} <span className="text-xs font-normal text-muted">/{collection.identity}</span>
        </p>
        <p className="text-xs text-muted">
          {collection.gamesCount} games · order {collection.sortOrder}
        </p>
        <div className="mt-1 flex flex-wrap gap-1">
          {collection.isHidden && <Tag tone="danger">hidden</Tag>}
          <Tag tone={collection.countries ? "accent" : "muted"}>
            {collection.countries ? `only ${collection.countries.join(", ")}` : "all countries"}
          </Tag>
        </div>
      </div>
    </EditableRow>
  );
}
