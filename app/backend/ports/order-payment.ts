// What an order records of its card payment (decision 0031): read by the payments, refunds and staff ports alike.

export type PaymentProviderName = "stripe";

export interface OrderPayment {
  /** Null: no card payment was started (the manual provider). */
  provider: PaymentProviderName | null;
  /** The hosted checkout session the shopper was last sent to. */
  sessionId: string | null;
  /** The provider's id of the payment once made (Stripe: the PaymentIntent, pi_...). */
  reference: string | null;
}
