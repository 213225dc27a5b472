/**
 * Staff (decision 0020, issue 37): the operator's staff members, their sessions and second factor, the
 * permission matrix, and the audit trail every staff action writes. The bottom of the module layers: any module
 * may call it, and it calls none (it receives what it needs: db, clock, config, limiter). The back office's routes
 * that use it live in the admin module.
 */
export { type AuditActor, type AuditEntry, audited, listAudit, recordAudit } from "./audit";
export { actorOf, registerStaffGuard, staffOf } from "./guard";
export {
  allows,
  PERMISSION_NAMES,
  PERMISSIONS,
  type Permission,
  permissionsOf,
  ROLES,
  type Role,
} from "./permissions";
export { revokeStaffSession, type StaffCaller, type StaffSessionDeps } from "./sessions";
export {
  type ClientMeta,
  changeStaff,
  createFirstAdmin,
  createStaff,
  DEMO_ADMIN,
  ensureFirstAdmin,
  type FirstAdminOutcome,
  listStaff,
  type StaffDeps,
  signIn,
  staffMe,
  staffNames,
  verifySecondFactor,
} from "./staff";
