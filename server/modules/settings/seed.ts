import type { Db } from "../../db/client";
import { currencies } from "./tables";

export async function seedSettings(db: Db) {
  await db
    .insert(currencies)
    .values([
      { code: "USD", type: "fiat", name: "US Dollar", symbol: "$", isBase: true, subunitToUnit: 100, rate: "1" },
    ])
    .onConflictDoNothing();
}
