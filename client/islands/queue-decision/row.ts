import * as z from 'zod/mini';
import type { Decided } from '../../components/decision';

/** The queue row a decision island decides (its props). */
export const queueRowSchema = z.object({
  kind: z.enum(['deposit', 'withdrawal', 'document']),
  id: z.number(),
  /** What the row is, for the dialogs ("DEP-… from Ada Byron"). */
  summary: z.string(),
  /** A deposit's expected amount, offered as the amount received. */
  suggested: z.nullable(z.string()),
  currency: z.string(),
  /** A card withdrawal: accepted by refunding the card through the provider, not with a payout reference. */
  refund: z.optional(z.boolean()),
  /** A card refund whose outcome the provider did not confirm: it may only be retried (the same refund, never twice), not rejected. */
  retryOnly: z.optional(z.boolean()),
  /** A deposit held for staff: what was reported, what was expected and why it waits (docs/funding.md#money-from-outside). */
  held: z.optional(z.string()),
});
export type QueueRow = z.infer<typeof queueRowSchema>;

/** What a decision's dialog is given: the row, how to close, and where to say what it came to. */
export interface DialogProps {
  row: QueueRow;
  close: () => void;
  decided: (outcome: Decided) => void;
}

/** The toast's title once decided. */
export const decidedTitles = { deposit: 'Deposit decided', withdrawal: 'Withdrawal decided', document: 'Document reviewed' } as const;

/** The positive decision's button: Confirm, Refund to card, Mark paid or Approve. */
export const acceptLabel = ({ kind, refund }: QueueRow) => (kind === 'deposit' ? 'Confirm' : kind === 'withdrawal' ? (refund ? 'Refund to card' : 'Mark paid') : 'Approve');
