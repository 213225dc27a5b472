import { useState } from "react";
import { useCan } from "../api";
import { TabbedScreen } from "../kit/filters";
import { CollectionsTab } from "./CollectionsTab";
import { GamesTab } from "./GamesTab";
import { ProvidersTab } from "./ProvidersTab";

const TABS = [
  ["games", "Games"],
  ["collections", "Collections"],
  ["providers", "Providers"],
] as const;

/**
 * The catalogue (decision 0025): the lobby's games, collections and providers as staff edit them. Each
 * change reaches the player's site on its next request; a server that missed the announcement catches up
 * within the lobby's cache time, which the screen states.
 */
export function CatalogueScreen() {
  const editable = useCan("catalogue.write");
  const [cacheSeconds, setCacheSeconds] = useState<number | undefined>();
  return (
    <TabbedScreen
      title="Catalogue"
      tabs={TABS}
      intro={
        <p className="text-sm text-muted" data-testid="admin-catalogue-cache">
          Changes show on the site at once
          {cacheSeconds !== undefined && `, everywhere within ${cacheSeconds} seconds`}.
          {!editable && " You may look; changing needs the content role."}
        </p>
      }
    >
      {(tab) => (
        <>
          {tab === "games" && <GamesTab editable={editable} onCacheSeconds={setCacheSeconds} />}
          {tab === "collections" && <CollectionsTab editable={editable} />}
          {tab === "providers" && <ProvidersTab editable={editable} />}
        </>
      )}
    </TabbedScreen>
  );
}
