import './trade-splash.css';
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect } from 'react';
import * as z from 'zod/mini';
import { assetTexts } from '../../shared/trading/terminal';
import { defineIsland } from '../runtime/define-island';
import { assetsState, startMarket } from '../state/market';

const props = z.object({ siteName: z.string() });

/**
 * The loading splash (docs/trade-room.md#splash): only while the first prices are missing, that is while the
 * catalogue loads when the page came without one. A page with the catalogue renders its prices at once and no
 * splash, on the server too; a failed load leaves the room to say so.
 */
function TradeSplash({ siteName }: z.infer<typeof props>) {
  useSignals();
  useEffect(() => void startMarket(), []);
  if (assetsState.value.state !== 'loading') return null;
  return (
    <div className="trade-splash" role="status">
      <strong className="splash-name">{siteName}</strong>
      <div className="splash-icons" aria-hidden="true">
        <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
          <path d="M3 17l6-6 4 4 8-8M15 7h6v6" />
        </svg>
        <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
          <path d="M4 7h13l-3-3M20 17H7l3 3" />
        </svg>
        <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
          <circle cx="12" cy="12" r="8" />
          <path d="M12 8v8M9.5 10.5h4a1.5 1.5 0 0 1 0 3h-3a1.5 1.5 0 0 0 0 3h4" />
        </svg>
      </div>
      {/* No made-up progress: the bar moves until the prices are in, however long that takes. */}
      <div className="splash-bar" role="progressbar" aria-label={assetTexts.loading}>
        <span />
      </div>
      <p>{assetTexts.loading}</p>
    </div>
  );
}

export default defineIsland({ name: 'trade-splash', component: TradeSplash, props });
