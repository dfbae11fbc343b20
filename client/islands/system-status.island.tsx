import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useState } from 'react';
import * as z from 'zod/mini';
import { preferencesApi } from '../../shared/api/endpoints/preferences';
import type { SystemStatus as ServerStatus } from '../../shared/api/preferences.schema';
import { feedTiming } from '../../shared/trading/terminal';
import { call } from '../lib/call';
import { formatDate } from '../lib/format';
import { realtime } from '../realtime/connection';
import { defineIsland } from '../runtime/define-island';
import { assets, clock, pricesReady, quoteOf, startMarket } from '../state/market';
import { connection } from '../state/realtime';
import { realtimeKey } from '../state/session';

/** How often the API is asked (and the clock measured again). */
const pollMs = 5_000;
/** A clock off by more than this is worth fixing: prices and order times would look wrong. */
const clockToleranceMs = 2_000;
/** How long the price feed may take to send its first snapshot before we say it is not connecting. */
const feedPatienceMs = 15_000;

type State = 'ok' | 'warn' | 'down' | 'wait';
interface Check {
  at: number;
  ok: boolean;
  roundTripMs: number;
  /** Server clock − this browser's clock, corrected by half the round trip. */
  offsetMs: number;
  status: ServerStatus | null;
  message: string | null;
}

const seconds = (ms: number) => `${(Math.abs(ms) / 1000).toFixed(ms < 10_000 ? 1 : 0)} s`;
const ageWords = (ms: number) => (ms < 60_000 ? `${seconds(ms)} ago` : ms < 3_600_000 ? `${Math.round(ms / 60_000)} min ago` : `${Math.round(ms / 3_600_000)} h ago`);

function Card({ title, state, word, children }: { title: string; state: State; word: string; children: React.ReactNode }) {
  return (
    <li className="status-card" data-check={title}>
      <h2>
        <span className="status-dot" data-state={state} aria-hidden="true" />
        {title}
        <span className="status-word">{word}</span>
      </h2>
      {children}
    </li>
  );
}

/** The platform as this browser sees it, measured live (docs/customer-area.md#system-status): no one's data. */
function SystemStatusView() {
  useSignals();
  const [check, setCheck] = useState<Check | null>(null);
  const [openedAt] = useState(() => Date.now());
  // The server cannot know this browser's connections: until hydrated, every card says it is checking.
  const [mounted, setMounted] = useState(false);

  useEffect(() => {
    setMounted(true);
    void startMarket();
    const key = realtimeKey.value;
    if (key) realtime(key).catch(() => undefined);
    let stopped = false;
    async function poll() {
      const sent = Date.now();
      const result = await call(preferencesApi.systemStatus);
      const received = Date.now();
      if (stopped) return;
      const roundTripMs = received - sent;
      if (result.ok) {
        const server = Date.parse(result.data.data.server_time);
        setCheck({ at: received, ok: true, roundTripMs, offsetMs: server - (sent + received) / 2, status: result.data.data, message: null });
      } else setCheck((last) => ({ at: received, ok: false, roundTripMs, offsetMs: last?.offsetMs ?? 0, status: last?.status ?? null, message: result.message }));
    }
    void poll();
    const timer = setInterval(() => void poll(), pollMs);
    const onFocus = () => void poll();
    window.addEventListener('focus', onFocus);
    return () => {
      stopped = true;
      clearInterval(timer);
      window.removeEventListener('focus', onFocus);
    };
  }, []);

  const now = clock.value;

  // The API.
  const api: [State, string] = !check ? ['wait', 'Checking…'] : check.ok ? (check.status?.database === 'ok' ? ['ok', 'Operational'] : ['down', 'Degraded']) : ['down', 'Not answering'];

  // The price feed: this browser's connection, and the newest price the server holds.
  let newestHere = 0;
  if (mounted && pricesReady.value) for (const asset of assets.value) newestHere = Math.max(newestHere, quoteOf(asset.id).value?.receivedAt ?? 0);
  const serverPriceAge = check?.status?.price_feed.last_price_at ? Date.parse(check.status.server_time) - Date.parse(check.status.price_feed.last_price_at) : null;
  const hereAge = newestHere ? now - newestHere : null;
  const feed: [State, string] = !mounted
    ? ['wait', 'Checking…']
    : !pricesReady.value
      ? now - openedAt > feedPatienceMs
        ? ['down', 'Not connected']
        : ['wait', 'Connecting…']
      : hereAge !== null && hereAge <= feedTiming.staleAfterMs
        ? ['ok', 'Live']
        : ['warn', 'No recent prices'];

  // Realtime (account updates, notifications, chat).
  const { status: realtimeStatus } = connection.value;
  const live: [State, string] = !mounted
    ? ['wait', 'Checking…']
    : realtimeStatus === 'connected'
      ? ['ok', 'Connected']
      : realtimeStatus === 'connecting'
        ? ['wait', 'Connecting…']
        : realtimeStatus === 'failed'
          ? ['down', 'Failed']
          : ['warn', 'Disconnected'];

  // The clock.
  const offset = check?.ok ? check.offsetMs : null;
  const clockState: [State, string] = offset === null ? ['wait', 'Measuring…'] : Math.abs(offset) <= clockToleranceMs ? ['ok', 'In sync'] : ['warn', 'Out of sync'];

  return (
    <>
      <ul className="status-grid">
        <Card title="Trading API" state={api[0]} word={api[1]}>
          {check?.ok ? <p>Answered in {check.roundTripMs} ms.</p> : check ? <p>{check.message ?? 'The platform did not answer. Check your connection.'}</p> : <p>Asking the platform…</p>}
          {check?.status?.database === 'unavailable' ? <p>The platform’s database is not answering: orders and account changes may fail.</p> : null}
        </Card>
        <Card title="Price feed" state={feed[0]} word={feed[1]}>
          <p>{hereAge === null ? 'No live price has reached this browser yet.' : `Last price received ${ageWords(hereAge)}.`}</p>
          <small>
            {serverPriceAge === null
              ? 'The platform has no price yet.'
              : `The platform’s newest price is ${ageWords(Math.max(0, serverPriceAge))}, across ${check!.status!.price_feed.instruments} instruments.`}
            {feed[0] === 'warn' && serverPriceAge !== null && serverPriceAge > feedTiming.staleAfterMs ? ' Markets may be closed.' : ''}
          </small>
        </Card>
        <Card title="Realtime connection" state={live[0]} word={live[1]}>
          <p>Balances, positions, notifications and chat arrive through it.</p>
          {mounted && realtimeStatus !== 'connected' ? <small>While it is down, pages check for changes every few seconds instead.</small> : null}
        </Card>
        <Card title="Your clock" state={clockState[0]} word={clockState[1]}>
          {offset === null ? (
            <p>Comparing this device’s clock with the platform’s…</p>
          ) : (
            <>
              <p>{Math.abs(offset) < 500 ? 'Within half a second of the platform’s clock.' : `This device’s clock is ${seconds(offset)} ${offset > 0 ? 'behind' : 'ahead of'} the platform’s.`}</p>
              <small>
                Platform time: {formatDate(new Date(now + offset), { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' })} (measured to ±{Math.max(1, Math.round(check!.roundTripMs / 2))} ms).
                {clockState[0] === 'warn' ? ' Set your device to update its time automatically.' : ''}
              </small>
            </>
          )}
        </Card>
      </ul>
      <p className="status-checked" aria-live="polite">
        {check ? `Checked ${ageWords(Math.max(0, now - check.at))}; checked again every ${pollMs / 1000} s.` : 'Checking…'}
      </p>
    </>
  );
}

export default defineIsland({ name: 'system-status', component: SystemStatusView, props: z.object({}) });
