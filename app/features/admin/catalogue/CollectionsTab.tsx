import { AdminList } from "../kit/AdminList";
import { Panel } from "../kit/Panel";
import { CollectionRow } from "./CollectionRow";
import { NewCollection } from "./NewCollection";
import { useCollections } from "./queries";

/** The lobby's collections, with a form for a new one for content staff. */
export function CollectionsTab({ editable }: { editable: boolean }) {
  const list = useCollections();
  return (
    <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-4">
      {editable && (
        <Panel title="New collection">
          <NewCollection />
        </Panel>
      )}
      <AdminList query={list} items={list.data} itemKey={(c) => c.id} emptyText="No collections yet.">
        {(c) => <CollectionRow collection={c} editable={editable} />}
      </AdminList>
    </div>
  );
}
