/** The market watch in the light terminal's look (docs/trade-room.md#light-terminal). */
export const lightWatchTexts = {
  /** "Market Watch: 19:30:05", the reader's local time. */
  title: 'Market Watch:',
  search: 'Search Market',
} as const;

/** A time as the light terminal's market watch shows it: 24-hour HH:MM:SS in the reader's time zone. */
export function watchClockOf(at: Date): string {
  return [at.getHours(), at.getMinutes(), at.getSeconds()].map((n) => String(n).padStart(2, '0')).join(':');
}
