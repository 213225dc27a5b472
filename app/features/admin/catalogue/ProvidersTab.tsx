import { AdminList } from "../kit/AdminList";
import { ProviderRow } from "./ProviderRow";
import { useProviders } from "./queries";

/** The game providers; hiding one hides its games. */
export function ProvidersTab({ editable }: { editable: boolean }) {
  const list = useProviders();
  return (
    <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-3">
      <p className="text-sm text-muted">Hiding a provider hides all its games from the lobby.</p>
      <AdminList query={list} items={list.data} itemKey={(p) => p.id} emptyText="No providers.">
        {(p) => <ProviderRow provider={p} editable={editable} />}
      </AdminList>
    </div>
  );
}
