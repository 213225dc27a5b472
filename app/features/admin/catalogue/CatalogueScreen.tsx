import { useState } from "react";
import { useOutletContext } from "react-router";
import type { StaffMe } from "#common/api/admin";
import { can } from "../api";
import { AdminTabs, useTabParam } from "../kit/filters";
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
  const me = useOutletContext<StaffMe>();
  const editable = can(me, "catalogue.write");
  const [tab] = useTabParam(TABS.map(([t]) => t));
  const [cacheSeconds, setCacheSeconds] = useState<number | undefined>();
  return (
    <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] max-w-5xl gap-5">
      <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-1">
        <h1 className="text-2xl font-extrabold">Catalogue</h1>
        <p className="text-sm text-muted" data-testid="admin-catalogue-cache">
          Changes show on the site at once
          {cacheSeconds !== undefined && `, everywhere within ${cacheSeconds} seconds`}.
          {!editable && " You may look; changing needs the content role."}
        </p>
      </div>
      <AdminTabs tabs={TABS} />
      {tab === "games" && <GamesTab editable={editable} onCacheSeconds={setCacheSeconds} />}
      {tab === "collections" && <CollectionsTab editable={editable} />}
      {tab === "providers" && <ProvidersTab editable={editable} />}
    </div>
  );
}
