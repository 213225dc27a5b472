/**
 * The database schema: every module's tables, re-exported here so drizzle-kit sees them all.
 * A module owns its tables; other modules reach them only through that module's service.
 */

export * from "../modules/admin/tables";
export * from "../modules/bonus/tables";
export * from "../modules/chat/tables";
export * from "../modules/content/tables";
export * from "../modules/dev/tables";
export * from "../modules/documents/tables";
export * from "../modules/facts/tables";
export * from "../modules/game/tables";
export * from "../modules/limits/tables";
export * from "../modules/loyalty/tables";
export * from "../modules/notification/tables";
export * from "../modules/payment/tables";
export * from "../modules/player/tables";
export * from "../modules/quests/tables";
export * from "../modules/referral/tables";
export * from "../modules/settings/tables";
export * from "../modules/social/tables";
export * from "../modules/sportsbook/tables";
export * from "../modules/staff/tables";
export * from "../modules/wallet/tables";
export * from "../providers/games/house/crash/tables";
export * from "../providers/games/house/tables";
export * from "../providers/payment/evm-tables";
export * from "../providers/payment/pix/tables";
export * from "../providers/payment/sandbox-tables";
