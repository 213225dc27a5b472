import { useEffect, useState } from "react";
import type { ValidationScenario } from "#common/api/player";
import type { FieldValidation } from "#common/validation/rules";
import { api } from "~/lib/session/client";

const cache = new Map<ValidationScenario, Promise<Record<string, FieldValidation>>>();

/**
 * The server's rules of a scenario (GET /api/player/fields/validations): which fields are required, and their
 * rules. Until they arrive (or when the call fails) the form uses `fallback`, so it never blocks on them.
 */
export function useScenario(
  scenario: ValidationScenario,
  fallback: Record<string, FieldValidation>,
): Record<string, FieldValidation> {
  const [fields, setFields] = useState(fallback);
  useEffect(() => {
    let hit = cache.get(scenario);
    if (!hit) {
      hit = api()
        .get("/player/fields/validations", { scenario })
        // The server writes them from the same rules (common/validation/rules.ts); its schema reads them as text.
        .then((r) => r.fields as Record<string, FieldValidation>);
      hit.catch(() => cache.delete(scenario));
      cache.set(scenario, hit);
    }
    let live = true;
    hit.then((f) => live && setFields((prev) => ({ ...prev, ...f }))).catch(() => {});
    return () => {
      live = false;
    };
  }, [scenario]);
  return fields;
}
