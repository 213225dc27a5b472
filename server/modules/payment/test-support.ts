/** The details a card withdrawal asks of its payee (the sandbox's card method), for tests that withdraw. */
export const CARD_PAYEE = {
  firstName: "Ana",
  lastName: "Silva",
  address: "Rua 1",
  city: "Rio",
  postalCode: "20000",
  country: "BR",
} as const;

// What other modules' tests use of this module's insides (issue 37: tests reach modules through faces,
// tables and test-support).
export {
  applyProcessorEvent,
  applyWebhook,
  createDeposit,
  createWithdrawal,
  listMethods,
  type PaymentDeps,
} from "./invoices";
export { noDepositLimits } from "./limits-port";
