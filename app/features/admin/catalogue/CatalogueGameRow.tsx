import type { AdminGame } from "#common/api/admin-catalogue";
import { adminApi } from "../api";
import { Tag } from "../kit/badges";
import { EditableRow } from "../kit/EditableRow";
import { GameEditor } from "./GameEditor";
import { CATALOGUE_KEY } from "./queries";

/** A game in the list: its provider, popularity and limits; Hide/Show and the editor for content staff. */
export function CatalogueGameRow({ game, editable }: { game: AdminGame; editable: boolean }) {
  return (
    <EditableRow
      testId="admin-game"
      refresh={CATALOGUE_KEY}
      editable={editable}
      toggle={{
        on: game.isEnabled,
        labels: ["Hide", "Show"],
        save: (isEnabled) => adminApi.patch(`/admin/catalogue/games/${game.id}`, { isEnabled }),
      }}
      editor={(close) => <GameEditor game={game} onDone={close} />}
    >
      <img src={game.thumbnail} alt="" className="h-12 w-16 shrink-0 rounded-lg bg-surface-2 object-cover" />
      <div className="min-w-0 flex-1">
        <p className="truncate font-semibold">{game.name}</p>
        <p className="truncate text-xs text-muted">
          {game.provider.name} · popularity {game.popularity}
          {game.collections.length > 0 && ` · ${game.collections.map((c) => c.name).join(", ")}`}
        </p>
        <div className="mt-1 flex flex-wrap gap-1">
          {!game.isEnabled && <Tag tone="danger">hidden</Tag>}
          {!game.provider.isEnabled && <Tag tone="danger">provider hidden</Tag>}
          {game.countries && <Tag tone="accent">{`only ${game.countries.join(", ")}`}</Tag>}
          {game.restrictedCountries.length > 0 && (
            <Tag tone="muted">{`not in ${game.restrictedCountries.join(", ")}`}</Tag>
          )}
          {!game.bonusWagering && <Tag tone="muted">no bonus wagering</Tag>}
          {game.bonusWagering && game.bonusWageringMinMultiplier !== "1.00" && (
            <Tag tone="muted">{`wagering wins from ×${game.bonusWageringMinMultiplier}`}</Tag>
          )}
        </div>
      </div>
    </EditableRow>
  );
}
