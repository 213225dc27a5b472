import { BlockList, isIPv4, isIPv6 } from "node:net";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { bearerToken } from "../../http/authentication";
import { clientIp } from "../../http/client-ip";
import { ApiError } from "../../http/errors";
import { allows, type Permission } from "./permissions";
import { liveStaff, type StaffCaller, type StaffSessionDeps } from "./sessions";

declare module "fastify" {
  interface FastifyContextConfig {
    /**
     * An admin route's permission (permissions.ts), or `signed-in` for what any staff member may call (their own
     * profile, sign-out). Unset on an admin route only for the sign-in steps.
     */
    staff?: Permission | "signed-in";
  }
  interface FastifyRequest {
    /** The staff member calling a route with `config.staff`; set by the admin guard. */
    staffCaller: StaffCaller | undefined;
  }
}

/** The staff member of a guarded route (the guard has refused every call without one). */
export function staffOf(req: FastifyRequest): StaffCaller {
  if (!req.staffCaller)
    throw new Error(`${req.routeOptions.url} reads the staff caller without config.staff`);
  return req.staffCaller;
}

/** Who did it, for the audit trail: the guarded route's staff member and their address. */
export const actorOf = (req: FastifyRequest) => ({ staffId: staffOf(req).staffId, ip: clientIp(req) });

/** ADMIN_IP_ALLOWLIST as a block list; a wrong entry stops the server at start (a typo must not open it). */
export function allowList(entries: string[] | undefined): BlockList | undefined {
  if (!entries?.length) return undefined;
  const list = new BlockList();
  for (const entry of entries) {
    const [address, bits] = entry.split("/");
    const type = isIPv4(address ?? "") ? "ipv4" : isIPv6(address ?? "") ? "ipv6" : undefined;
    if (!type || (bits !== undefined && !/^\d{1,3}$/.test(bits)))
      throw new Error(`ADMIN_IP_ALLOWLIST: "${entry}" is not an address or a CIDR range`);
    if (bits === undefined) list.addAddress(address!, type);
    else list.addSubnet(address!, Number(bits), type);
  }
  return list;
}

const addressType = (ip: string) => (isIPv4(ip) ? "ipv4" : "ipv6");

/**
 * The one admin guard (decision 0020), at `onRequest` of the admin scope, before the body is read: the address
 * allow-list for every admin call, then for a guarded route a live staff session (401) holding the route's
 * permission (403). A player's token is not a staff token: 401.
 */
export function registerStaffGuard(app: FastifyInstance, deps: StaffSessionDeps) {
  const allowed = allowList(deps.config.ADMIN_IP_ALLOWLIST);
  app.decorateRequest("staffCaller", undefined);
  app.addHook("onRequest", async (req) => {
    if (allowed) {
      const ip = clientIp(req).replace(/^::ffff:(?=\d+\.)/, "");
      if (!allowed.check(ip, addressType(ip))) throw new ApiError(403, "forbidden", "Not from this address");
    }
    const need = req.routeOptions.config.staff;
    if (!need) return;
    const token = bearerToken(req);
    const caller = token ? await liveStaff(deps, token) : undefined;
    if (!caller) throw new ApiError(401, "unauthorized", "Sign in to the back office");
    if (need !== "signed-in" && !allows(caller.roles, need))
      throw new ApiError(403, "forbidden", "Your role does not allow this");
    req.staffCaller = caller;
  });
  // The API document names each call's permission as the scheme's role (OpenAPI 3.1 allows role names for
  // any scheme): the permission matrix test reads it there.
  app.addHook("onRoute", (route) => {
    const need = route.config?.staff;
    if (!need) return;
    route.schema = { ...route.schema, security: [{ staff: [need] }] } as typeof route.schema;
  });
}
