export { default as AffiliateProgram } from "./AffiliateProgram";
export { default as ReferralTransfer } from "./ReferralTransfer";
