/**
 * Trading hours (docs/trading.md#trading-hours), each exchange on its own clock: a schedule is a time zone and
 * weekly sessions. Pure: the caller passes the time.
 */
export interface Session {
  /** 0 = Sunday … 6 = Saturday, in the schedule's time zone. */
  day: number;
  /** Minutes after local midnight; `to` may be 1440 (24:00). */
  from: number;
  to: number;
}

export interface Schedule {
  id: ScheduleId;
  label: string;
  timeZone: string;
  sessions: readonly Session[];
}

export const scheduleIds = ['crypto', 'forex', 'us-stocks', 'uk-stocks', 'eu-stocks', 'commodities', 'default'] as const;
export type ScheduleId = (typeof scheduleIds)[number];

const hm = (text: string) => {
  const [h = '0', m = '0'] = text.split(':');
  return Number(h) * 60 + Number(m);
};
const weekdays = [1, 2, 3, 4, 5];
const daily = (days: readonly number[], from: string, to: string): Session[] => days.map((day) => ({ day, from: hm(from), to: hm(to) }));

export const schedules: Readonly<Record<ScheduleId, Schedule>> = {
  crypto: { id: 'crypto', label: '24/7', timeZone: 'UTC', sessions: daily([0, 1, 2, 3, 4, 5, 6], '00:00', '24:00') },
  forex: {
    id: 'forex',
    label: '24/5: Sun 22:00–24:00, Mon–Thu all day, Fri to 22:00 (UTC)',
    timeZone: 'UTC',
    sessions: [...daily([0], '22:00', '24:00'), ...daily([1, 2, 3, 4], '00:00', '24:00'), ...daily([5], '00:00', '22:00')],
  },
  'us-stocks': { id: 'us-stocks', label: 'Mon–Fri 09:30–16:00 (New York)', timeZone: 'America/New_York', sessions: daily(weekdays, '09:30', '16:00') },
  'uk-stocks': { id: 'uk-stocks', label: 'Mon–Fri 08:00–16:30 (London)', timeZone: 'Europe/London', sessions: daily(weekdays, '08:00', '16:30') },
  'eu-stocks': { id: 'eu-stocks', label: 'Mon–Fri 09:00–17:30 (Frankfurt)', timeZone: 'Europe/Berlin', sessions: daily(weekdays, '09:00', '17:30') },
  commodities: {
    id: 'commodities',
    label: 'Sun 18:00 onward, Mon–Thu 00:00–17:00 and 18:00–24:00, Fri to 17:00 (New York)',
    timeZone: 'America/New_York',
    sessions: [...daily([0], '18:00', '24:00'), ...daily([1, 2, 3, 4], '00:00', '17:00'), ...daily([1, 2, 3, 4], '18:00', '24:00'), ...daily([5], '00:00', '17:00')],
  },
  default: { id: 'default', label: 'Mon–Fri 09:00–17:00 (UTC)', timeZone: 'UTC', sessions: daily(weekdays, '09:00', '17:00') },
};

const formatters = new Map<string, Intl.DateTimeFormat>();
const offsets = new Map<string, number>();
const hourMs = 3_600_000;

/** The zone's offset from UTC in minutes at `at`, from Intl once per zone and hour (offsets change on the hour). */
function offsetMinutes(at: Date, timeZone: string): number {
  const hour = Math.floor(at.getTime() / hourMs);
  const key = `${timeZone}:${hour}`;
  const cached = offsets.get(key);
  if (cached !== undefined) return cached;
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', hourCycle: 'h23' });
    formatters.set(timeZone, format);
  }
  const instant = new Date(hour * hourMs);
  const parts = format.formatToParts(instant);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'));
  const offset = Math.round((asUtc - instant.getTime()) / 60_000);
  if (offsets.size > 50_000) offsets.clear();
  offsets.set(key, offset);
  return offset;
}

/** The instant a zone's clock shows `minute` (after midnight) on the local day `day` ('YYYY-MM-DD'). */
export function zonedInstant(day: string, minute: number, timeZone: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d, 0, minute);
  // The offset at the wall time read as UTC is at most one clock change away from the one that applies.
  let at = wall - offsetMinutes(new Date(wall), timeZone) * 60_000;
  at = wall - offsetMinutes(new Date(at), timeZone) * 60_000;
  return new Date(at);
}

/** The local date ('YYYY-MM-DD') at `at` in `timeZone`. */
export function localDay(at: Date, timeZone: string): string {
  return new Date(at.getTime() + offsetMinutes(at, timeZone) * 60_000).toISOString().slice(0, 10);
}

/** The weekday and minute of the day at `at` in `timeZone`. */
export function localTime(at: Date, timeZone: string): { day: number; minute: number } {
  const local = new Date(at.getTime() + offsetMinutes(at, timeZone) * 60_000);
  return { day: local.getUTCDay(), minute: local.getUTCHours() * 60 + local.getUTCMinutes() };
}

export function isMarketOpen(schedule: Schedule, at: Date): boolean {
  const { day, minute } = localTime(at, schedule.timeZone);
  return schedule.sessions.some((s) => s.day === day && minute >= s.from && minute < s.to);
}

export const marketClosedText = 'Market is closed';

/**
 * When a closed market next opens: the first session start after `at` (to the minute), or null while it is
 * open. Looks a week and a day ahead, which every weekly schedule repeats within.
 */
export function nextOpen(schedule: Schedule, at: Date): Date | null {
  if (isMarketOpen(schedule, at)) return null;
  const { day, minute } = localTime(at, schedule.timeZone);
  const minuteStart = Math.floor(at.getTime() / 60_000) * 60_000;
  let best: number | null = null;
  for (let ahead = 0; ahead <= 8; ahead += 1) {
    for (const session of schedule.sessions) {
      if (session.day !== (day + ahead) % 7) continue;
      const minutes = ahead * 1440 + session.from - minute;
      if (minutes <= 0) continue;
      let candidate = minuteStart + minutes * 60_000;
      // Local minutes ahead are not UTC minutes across a clock change: move by the change of offset.
      candidate -= (offsetMinutes(new Date(candidate), schedule.timeZone) - offsetMinutes(at, schedule.timeZone)) * 60_000;
      if (best === null || candidate < best) best = candidate;
    }
    if (best !== null) break;
  }
  return best === null ? null : new Date(best);
}

/** The schedule of an instrument's `trading_hours.id`, else the default one. */
export function scheduleOf(id: string): Schedule {
  return (schedules as Record<string, Schedule | undefined>)[id] ?? schedules.default;
}
