import './deposit-prompt.css';
import { useEffect, useId, useState } from 'react';
import * as z from 'zod/mini';
import { customerFundingApi } from '../../shared/api/endpoints/customer-funding';
import { paths } from '../../shared/routes';
import { call } from '../lib/call';
import { defineIsland } from '../runtime/define-island';

/** Set once the prompt has shown in this browser session: it shows once a session, never as a nag on every page. */
const shownKey = 'deposit-prompt-shown';

const props = z.object({
  /** The page did not know whether the customer has any deposit (pending ones count): the island asks first. */
  check: z.boolean(),
});

function alreadyShown(): boolean {
  try {
    return sessionStorage.getItem(shownKey) !== null;
  } catch {
    // Storage blocked: better no prompt than one on every page.
    return true;
  }
}

function markShown(): void {
  try {
    sessionStorage.setItem(shownKey, '1');
  } catch {
    // Nothing to keep it in.
  }
}

/**
 * The funding hint (docs/funding.md; the original's deposit prompt made honest): a Live account with no
 * money and no deposit gets one card a session, with the risk warning, "Deposit Now" and "Maybe later".
 * The server decides who may see it; this decides when (nothing is rendered on the server).
 */
function DepositPrompt({ check }: z.infer<typeof props>) {
  const [open, setOpen] = useState(false);
  const titleId = useId();

  useEffect(() => {
    if (alreadyShown()) return;
    let cancelled = false;
    void (async () => {
      if (check) {
        const result = await call(customerFundingApi.fundingHistory, { query: { kind: 'deposit' } });
        if (!result.ok || result.data.meta.total > 0) return;
      }
      if (cancelled) return;
      markShown();
      setOpen(true);
    })();
    return () => {
      cancelled = true;
    };
  }, [check]);

  if (!open) return null;
  return (
    <aside className="deposit-prompt" aria-labelledby={titleId} data-testid="deposit-prompt">
      <div className="deposit-prompt-text">
        <h2 id={titleId}>Your Live account has no funds yet</h2>
        <p>Deposit to start trading live. CFDs are complex instruments and come with a high risk of losing money rapidly due to leverage.</p>
      </div>
      <div className="deposit-prompt-actions">
        <a href={paths.deposit} role="button">
          Deposit Now
        </a>
        <button type="button" className="secondary outline" onClick={() => setOpen(false)}>
          Maybe later
        </button>
      </div>
    </aside>
  );
}

export default defineIsland({ name: 'deposit-prompt', component: DepositPrompt, props });
