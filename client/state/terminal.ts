import { signal } from '@preact/signals-react';
import type { Timeframe } from '../../shared/trading/timeframes';
import { readStored, writeStored } from '../lib/storage';

/** The left rail's panels (docs/trade-room.md#rail-panels); the trade room itself is always active underneath. */
export const railPanels = ['market-watch', 'active-orders', 'history', 'calendar', 'news'] as const;
export type RailPanel = (typeof railPanels)[number];

export const openPanel = signal<Exclude<RailPanel, 'market-watch'> | null>(null);
/** The right sidebar (market watch) is shown; MARKET WATCH on the rail toggles it. */
export const sidebarOpen = signal(true);
/** On phones the market watch opens over the chart instead of sitting beside it. */
export const mobileWatchOpen = signal(false);

/** The chart's timeframe: the chart loads its candles by it, the light terminal's title and tabs name it. */
export const chartTimeframe = signal<Timeframe>('M1');

/** The order ticket's side while it is open (BUY/SELL in the header, Trade Now in Asset Information). */
export const ticketSide = signal<'buy' | 'sell' | null>(null);

export type TerminalDialog = { kind: 'add-pair' } | { kind: 'asset-info'; assetId: number } | { kind: 'plans' } | { kind: 'calculator' } | { kind: 'autotrader' };
/** The one terminal dialog open at a time, whichever island opened it. */
export const terminalDialog = signal<TerminalDialog | null>(null);

/**
 * The one-click volume in lots per instrument, kept on this device as `one-click-volume` (docs/trade-room.md#kept-on-the-device);
 * an instrument without one trades its default position (`defaultOneClickLots`).
 */
export const oneClickVolumes = signal<Readonly<Record<string, string>>>(readStored<Record<string, string>>('one-click-volume', {}));

export function rememberOneClickVolume(assetId: number, lots: string): void {
  oneClickVolumes.value = { ...oneClickVolumes.value, [assetId]: lots };
  writeStored('one-click-volume', oneClickVolumes.value);
}
