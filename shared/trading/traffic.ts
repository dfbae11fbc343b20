/** The light terminal's status bar (docs/trade-room.md#light-terminal): its texts and MT4's way of printing traffic. */

const units = ['B', 'KB', 'MB', 'GB'] as const;

/** A count of bytes in the largest unit (1024 each) that keeps it at 1 or more. */
function scaled(bytes: number): { value: number; unit: (typeof units)[number] } {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return { value, unit: units[unit]! };
}

/**
 * Bytes as MT4's status bar prints them: B, KB or MB, one decimal below 10, else whole ("15MB", "2.3KB"); rounded down,
 * so the figure never runs ahead of what arrived.
 */
export function formatBytes(bytes: number): string {
  const { value, unit } = scaled(bytes);
  const shown = unit === 'B' || value >= 10 ? String(Math.floor(value)) : (Math.floor(value * 10) / 10).toFixed(1);
  return `${shown}${unit}`;
}

/** The size as the title spells it out: "15.2 MB", "830 B". */
function spelledBytes(bytes: number): string {
  const { value, unit } = scaled(bytes);
  return `${unit === 'B' ? value : (Math.floor(value * 10) / 10).toFixed(1)} ${unit}`;
}

export interface TrafficFigures {
  frames: number;
  bytes: number;
  feedFrames: number;
  feedBytes: number;
  realtimeFrames: number;
  realtimeBytes: number;
}

export const statusBarTexts = {
  profile: 'Default',
  /** "230 / 15MB": messages received, then their size. */
  traffic: (t: Pick<TrafficFigures, 'frames' | 'bytes'>) => `${t.frames} / ${formatBytes(t.bytes)}`,
  trafficTitle: (t: TrafficFigures) =>
    `Received since this page opened: ${t.frames} ${t.frames === 1 ? 'message' : 'messages'}, ${spelledBytes(t.bytes)} ` +
    `(price feed ${t.feedFrames}, ${spelledBytes(t.feedBytes)}; account updates ${t.realtimeFrames}, ${spelledBytes(t.realtimeBytes)})`,
  feed: { label: 'Prices', connecting: 'Connecting...', connected: 'Connected', reconnecting: 'Reconnecting...', disconnected: 'Disconnected', failed: 'Connection failed' },
  realtime: { label: 'Account updates', connecting: 'Connecting...', connected: 'Connected', disconnected: 'Disconnected', failed: 'Connection failed' },
} as const;
