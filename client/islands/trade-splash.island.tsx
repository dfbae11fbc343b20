import './trade-splash.css';
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useState } from 'react';
import * as z from 'zod/mini';
import { assetTexts, feedTiming } from '../../shared/trading/terminal';
import { defineIsland } from '../runtime/define-island';
import { assetsState, pricesReady, startMarket } from '../state/market';

const props = z.object({ siteName: z.string() });

/**
 * The loading splash (docs/trade-room.md#splash): the site name, three pulsing icons and a bar filling 1 % every
 * 30 ms while the first prices load; once they are in, the bar completes and the splash leaves.
 */
function TradeSplash({ siteName }: z.infer<typeof props>) {
  useSignals();
  const [progress, setProgress] = useState(0);
  const [gone, setGone] = useState(false);
  const [waitedLong, setWaitedLong] = useState(false);
  // The catalogue carries a price for every instrument: if the live feed is slow to answer, the room opens on those.
  const ready = pricesReady.value || assetsState.value.state === 'error' || (waitedLong && assetsState.value.state === 'loaded');
  useEffect(() => {
    void startMarket();
    const timer = setTimeout(() => setWaitedLong(true), feedTiming.connectTimeoutMs);
    return () => clearTimeout(timer);
  }, []);
  useEffect(() => {
    if (gone) return;
    const timer = setInterval(() => setProgress((p) => Math.min(100, ready ? p + 10 : p + 1)), 30);
    return () => clearInterval(timer);
  }, [ready, gone]);
  useEffect(() => {
    if (progress >= 100 && ready) setGone(true);
  }, [progress, ready]);
  if (gone) return null;
  return (
    <div className="trade-splash" role="status" aria-live="polite">
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
      <div className="splash-bar" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={progress}>
        <span style={{ width: `${progress}%` }} />
      </div>
      <p>{assetTexts.loading}</p>
    </div>
  );
}

export default defineIsland({ name: 'trade-splash', component: TradeSplash, props });
