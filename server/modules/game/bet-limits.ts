// The stake check's types live in the limits module (issue 37: limits is below game); kept here for the
// sportsbook's imports until it goes through the faces.
export { type BetLimits, type BetLimitVerdict, noBetLimits } from "../limits";
