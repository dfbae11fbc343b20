import { randomBytes } from 'node:crypto';

/** An id in the provider's style: a prefix and 24 random bytes (unguessable: a session's id is its page's only key). */
export const newId = (prefix: 'cs' | 'pi' | 're' | 'evt'): string => `${prefix}_${randomBytes(24).toString('hex')}`;

/** What the sandbox posts to the merchant's webhook URL, signed (`webhook-signature.ts`). Amounts in minor units. */
export interface SandboxEvent {
  id: string;
  type: 'payment.succeeded' | 'payment.failed';
  /** Unix seconds. */
  created: number;
  data: {
    session_id: string;
    payment_id?: string;
    /** The merchant's own reference for the checkout (our deposit id). */
    reference: string;
    amount: number;
    currency: string;
    reason?: string;
  };
}
