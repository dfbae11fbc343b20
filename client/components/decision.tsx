import type { ToastInput } from '../../shared/page-state.schema';
import { renderRegionsAgain } from '../forms/regions';
import { QueueStatus } from './queue-status';

/** What a queue row's decision came to: its new status, or (decided by someone else first, or gone) the server's message. */
export type Decided = { status: string } | { message: string };

/**
 * The form-kit options every queue decision shares (docs/back-office.md#decisions-happen-once): a decision
 * someone else took first counts as done; the toast says the server's message; the row shows the outcome
 * where its buttons were, and the page's regions (its counts, the row's cells) are rendered again.
 */
export function decisionOptions(title: string, close: () => void, decided: (outcome: Decided) => void) {
  return {
    settledElsewhere: true,
    done: ({ message }: { message: string | null }): ToastInput => ({ kind: 'success', title, description: message ?? '' }),
    onDone: ({ data, message }: { data: { data: { status: string } } | null; message: string | null }) => {
      close();
      decided(data ? { status: data.data.status } : { message: message ?? '' });
      void renderRegionsAgain();
    },
  };
}

/** Where a row's decision buttons were: the status it now has, or what the server said. */
export function DecisionOutcome({ decided }: { decided: Decided }) {
  return 'status' in decided ? <QueueStatus status={decided.status} /> : <small className="queue-waiting">{decided.message}</small>;
}
