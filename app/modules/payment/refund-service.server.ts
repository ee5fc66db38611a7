import type { Backend } from "~/backend/ports/backend";
import type { PaymentProvider } from "./payment-provider.server";
import { createRefundWorker, type RefundWorker } from "./refund-worker.server";

declare global {
  // On globalThis so that development reloads of server modules do not start a second worker.
  var __shopRefundWorker: RefundWorker | undefined;
}

/** Starts this process's refund worker (decision 0033) when the shop takes card payment. */
export function startRefunds(backend: Pick<Backend, "payments">, payment: PaymentProvider): void {
  if (payment.kind !== "stripe" || !backend.payments || globalThis.__shopRefundWorker) return;
  const worker = createRefundWorker({ payments: backend.payments, stripe: payment.checkout });
  worker.start();
  globalThis.__shopRefundWorker = worker;
}

/** Stops the worker before the database closes; a refund it was asking for is asked again on the next start. */
export async function stopRefunds(): Promise<void> {
  const worker = globalThis.__shopRefundWorker;
  globalThis.__shopRefundWorker = undefined;
  await worker?.stop();
}
