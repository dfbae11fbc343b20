import { useEffect, useRef, useState } from 'react';
import * as z from 'zod/mini';
import { riskWarningText } from '../../shared/texts';
import { defineIsland } from '../runtime/define-island';

const props = z.object({});

/**
 * The risk warning across the top of the `td` sign-up screens (client-spec §2). On a phone it can be
 * dismissed to free the screen and brought back with "Show risk warning"; on wider screens it always shows.
 */
function RiskBanner() {
  const [dismissed, setDismissed] = useState<boolean | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  // The pressed button is replaced by the other one: keyboard focus moves to it rather than to the page.
  useEffect(() => {
    if (dismissed !== null) button.current?.focus();
  }, [dismissed]);
  return (
    <aside className="risk-banner" data-dismissed={dismissed || undefined} aria-label="Risk warning">
      <p className="risk-banner-text">
        <strong>Risk warning:</strong> {riskWarningText}
      </p>
      {dismissed ? (
        <button ref={button} type="button" className="risk-banner-show" onClick={() => setDismissed(false)}>
          Show risk warning
        </button>
      ) : (
        <button ref={button} type="button" className="risk-banner-dismiss" aria-label="Dismiss risk warning" onClick={() => setDismissed(true)}>
          ×
        </button>
      )}
    </aside>
  );
}

export default defineIsland({ name: 'risk-banner', component: RiskBanner, props });
