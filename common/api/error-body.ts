import { z } from "zod";
import { DEPOSIT_LIMIT_REACHED, ERROR_CODES } from "./errors";

/** The one shape of every failed API call (DESIGN.md): field errors by field name, `_` for the whole form. */
export const apiErrorBody = z
  .object({
    code: z.union([z.enum(ERROR_CODES), z.literal(DEPOSIT_LIMIT_REACHED)]),
    message: z.string(),
    errors: z.record(z.string(), z.array(z.string())),
  })
  .meta({ id: "ApiError" });
