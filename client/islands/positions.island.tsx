import './positions.css';
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useRef, useState } from 'react';
import * as z from 'zod/mini';
import { Money } from '../../shared/money';
import { CloseDialog, LevelsDialog, PartialCloseDialog } from '../components/position-dialogs';
import { PositionCards } from '../components/positions-cards';
import { cardsBelowPx, useNarrowerThan, type PositionAction } from '../components/positions-parts';
import { PositionsTable } from '../components/positions-table';
import { signClass } from '../lib/format';
import { displayMoney } from '../state/site-data';
import { defineIsland } from '../runtime/define-island';
import { assetsById, startMarket } from '../state/market';
import { currentUser, realtimeKey } from '../state/session';
import { liveOpenTrades, selectedAccount, startTrading } from '../state/trading';

type Tab = 'active' | 'history';
type Look = 'classic' | 'light';

/** The tabs' and the toggle's words by terminal: /mt4's, and MT4's own on the light terminal (docs/trade-room.md#light-terminal). */
const looks = {
  classic: { active: (n: number) => `ACTIVE POSITIONS (${n})`, history: 'POSITIONS HISTORY', collapse: 'Collapse positions', expand: 'Expand positions' },
  light: { active: (n: number) => `Trade (${n})`, history: 'Account History', collapse: 'Hide Positions', expand: 'Show Positions' },
} as const;

/**
 * The positions drawer (docs/trade-room.md#positions): active and history tabs, collapsible to the Total
 * Portfolio bar; a table where the panel is wide, cards where it is narrow (phones). `look` only changes the words:
 * the light terminal's toggle is a labelled button ("Show Positions" / "Hide Positions").
 */
function Positions({ look = 'classic' }: { look?: Look }) {
  useSignals();
  const [tab, setTab] = useState<Tab>('active');
  const [open, setOpen] = useState(true);
  const [action, setAction] = useState<PositionAction>(null);
  const drawer = useRef<HTMLElement>(null);
  const cards = useNarrowerThan(drawer, cardsBelowPx);
  useEffect(() => {
    void startMarket();
    const user = currentUser.value;
    if (user) void startTrading(user.id, realtimeKey.value);
  }, []);
  const total = liveOpenTrades.value.reduce((sum, t) => sum.plus(t.livePnl), new Money(0)).toFixed(2);
  const currency = selectedAccount.value?.currency ?? '';
  const asset = action ? assetsById.value.get(action.trade.instrument_id) : undefined;
  const words = looks[look];

  return (
    <section ref={drawer} className={open ? 'positions open' : 'positions'} data-look={look} aria-label="Positions">
      <header className="positions-bar">
        <div role="tablist" aria-label="Positions">
          {(['active', 'history'] as const).map((id) => (
            <button key={id} type="button" role="tab" aria-selected={tab === id} onClick={() => (setTab(id), setOpen(true))}>
              {id === 'active' ? words.active(liveOpenTrades.value.length) : words.history}
            </button>
          ))}
        </div>
        <span className="portfolio-total">
          Total Portfolio <strong className={signClass(total)}>{displayMoney(total, currency)}</strong>
        </span>
        {look === 'light' ? (
          <button type="button" className="positions-toggle" aria-expanded={open} onClick={() => setOpen(!open)}>
            {open ? words.collapse : words.expand}
          </button>
        ) : (
          <button type="button" className="positions-toggle" aria-expanded={open} aria-label={open ? words.collapse : words.expand} onClick={() => setOpen(!open)}>
            {open ? '▾' : '▴'}
          </button>
        )}
      </header>
      {open ? cards ? <PositionCards tab={tab} onAction={setAction} /> : <PositionsTable tab={tab} onAction={setAction} /> : null}
      {action?.kind === 'close' ? <CloseDialog trade={action.trade} onClose={() => setAction(null)} /> : null}
      {action?.kind === 'partial' ? <PartialCloseDialog trade={action.trade} asset={asset} onClose={() => setAction(null)} /> : null}
      {action?.kind === 'levels' ? <LevelsDialog trade={action.trade} asset={asset} onClose={() => setAction(null)} /> : null}
    </section>
  );
}

export default defineIsland({ name: 'positions', component: Positions, props: z.object({ look: z.optional(z.enum(['classic', 'light'])) }) });
