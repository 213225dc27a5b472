/** The one shape of every failed API call (DESIGN.md). The spec's numeric codes keep their numbers. */
export interface ApiErrorBody {
  code: number | string;
  message: string;
  errors: Record<string, string[]>;
}

export function isApiErrorBody(value: unknown): value is ApiErrorBody {
  return typeof value === "object" && value !== null && "code" in value && "message" in value;
}
