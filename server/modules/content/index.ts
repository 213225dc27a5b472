import type { ApiModule } from "../../app";
import { contentRoutes } from "./routes";

/** Pages, questions and the shell's dictionaries from content/<locale>/ (spec point 7's content service). */
export const contentModule: ApiModule = async (api) => {
  await api.register(contentRoutes());
};
