import type { ApiModule } from "../../app";
import { adminRoutes } from "./routes";

/**
 * The operator's back office (issue #21, decision 0020): staff with roles and a second factor, every call
 * checked against the permission matrix and every change audited. Its site is /admin.
 */
export const adminModule: ApiModule = async (api, deps) => {
  await api.register(adminRoutes(deps));
};
