import './light-status-bar.css';
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect } from 'react';
import * as z from 'zod/mini';
import { statusBarTexts } from '../../shared/trading/traffic';
import { useMounted } from '../lib/use-mounted';
import { traffic } from '../realtime/traffic';
import { defineIsland } from '../runtime/define-island';
import { feedStatus, startMarket } from '../state/market';
import { connection } from '../state/realtime';

type Tone = 'ok' | 'wait' | 'down';
const noTraffic = { frames: 0, bytes: 0, feedFrames: 0, feedBytes: 0, realtimeFrames: 0, realtimeBytes: 0 };
const toneOf = (status: string): Tone => (status === 'connected' ? 'ok' : status === 'connecting' || status === 'reconnecting' ? 'wait' : 'down');

function Connection({ label, status, word }: { label: string; status: string; word: string }) {
  return (
    <span className="status-connection" data-tone={toneOf(status)}>
      <span className="status-dot" aria-hidden="true" />
      {label}: {word}
    </span>
  );
}

/**
 * The light terminal's status bar (docs/trade-room.md#light-terminal): MT4's profile name, the state of the price feed
 * and of the realtime connection, and the traffic received on both since the page opened, "{messages} / {size}".
 * The states and figures change in the browser only: until mounted the server's HTML and the hydration show them as
 * not yet known. Not a live region: the figure changes constantly.
 */
function LightStatusBar() {
  useSignals();
  const mounted = useMounted();
  useEffect(() => void startMarket(), []);
  // Frames may arrive before this island hydrates (the notification card or the toolbar may open the connection first).
  const figures = mounted ? traffic.value : noTraffic;
  const feed = feedStatus.value;
  const realtime = connection.value.status;
  return (
    <div className="light-status-bar">
      <span className="status-profile">{statusBarTexts.profile}</span>
      {mounted ? (
        <>
          <Connection label={statusBarTexts.feed.label} status={feed} word={statusBarTexts.feed[feed]} />
          <Connection label={statusBarTexts.realtime.label} status={realtime} word={statusBarTexts.realtime[realtime]} />
        </>
      ) : null}
      <span className="status-traffic" aria-live="off" title={statusBarTexts.trafficTitle(figures)}>
        {statusBarTexts.traffic(figures)}
      </span>
    </div>
  );
}

export default defineIsland({ name: 'light-status-bar', component: LightStatusBar, props: z.object({}) });
