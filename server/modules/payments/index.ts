// Payments' public entry: the service, its live topic, and the credit hold an order's approval checks
// (inside the approval's transaction) and the order page shows.
export { createPaymentService, type PaymentService } from './service';
export { PAYMENT_TOPIC, type PaymentDeps } from './context';
export { type CreditHold, creditHoldOf, enforceCreditHold } from './credit-hold';
