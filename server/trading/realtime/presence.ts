import { timing } from '../../../shared/constants';
import type { Logger } from '../../logger';
import type { AppDb } from '../db/database';
import { markUsersSeen } from '../db/users.repo';

const userChannel = /^private-user\.(\d{1,12})$/;
export const userChannelPrefix = 'private-user.';

/**
 * An open realtime connection keeps its user online (`is_online`, like the heartbeat does): the user is
 * marked seen when their socket joins their own user channel, and again every heartbeat period while it
 * stays. The mark lives in the database, so every process sees who is online anywhere in the cluster.
 */
export function keepPresence({ db, logger, connectedChannels, everyMs = timing.heartbeatMs }: { db: AppDb; logger: Logger; connectedChannels: () => string[]; everyMs?: number }) {
  const touch = (ids: number[]) => {
    if (ids.length === 0) return;
    markUsersSeen(db, ids).catch((error: unknown) => logger.warn({ err: error }, 'marking connected users seen failed'));
  };
  // A socket may leave and join its channel again and again: once per user per half period is plenty.
  const lastTouched = new Map<number, number>();
  const touchOnce = (ids: number[]) => {
    const now = Date.now();
    const due = ids.filter((id) => now - (lastTouched.get(id) ?? 0) > everyMs / 2);
    for (const id of due) lastTouched.set(id, now);
    touch(due);
  };
  const idsOf = (channels: string[]) =>
    channels.flatMap((channel) => {
      const match = userChannel.exec(channel);
      return match ? [Number(match[1])] : [];
    });
  const timer = setInterval(() => {
    const now = Date.now();
    for (const [id, at] of lastTouched) if (now - at > everyMs) lastTouched.delete(id);
    touch(idsOf(connectedChannels()));
  }, everyMs);
  timer.unref();
  return {
    /** For `PusherServer`'s `onSubscribed`. */
    subscribed: (channel: string) => touchOnce(idsOf([channel])),
    stop: () => clearInterval(timer),
  };
}
