export { default as LoyaltyEarn } from "./LoyaltyEarn";
export { default as LoyaltyLevel } from "./LoyaltyLevel";
