// Payments' public entry: the service, its live topic, and the credit hold an order's approval checks.
export { createPaymentService, PAYMENT_TOPIC, type PaymentDeps, type PaymentService } from './service';
export { creditHoldOf, enforceCreditHold } from './credit-hold';
