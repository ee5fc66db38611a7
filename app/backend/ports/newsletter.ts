// Newsletter sign-up with double opt-in; anyone may call it (it runs as anon).

export interface NewsletterPort {
  /**
   * One row per address, case-insensitive; subscribing again is not an error. The subscription stays pending
   * until the e-mailed link is followed (double opt-in).
   */
  subscribe(input: { email: string }): Promise<void>;
  /** The confirmation link's token: false when unknown, used or expired. */
  confirm(input: { token: string }): Promise<boolean>;
  /** An unsubscribe link's token (again is fine): false when it was never issued. */
  unsubscribe(input: { token: string }): Promise<boolean>;
}
