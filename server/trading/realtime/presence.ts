import { inArray, sql } from 'drizzle-orm';
import { timing } from '../../../shared/constants';
import type { Logger } from '../../logger';
import type { AppDb } from '../db/database';
import { users } from '../db/schema';

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
    db.update(users)
      .set({ lastSeenAt: sql`now()` })
      .where(inArray(users.id, ids))
      .catch((error: unknown) => logger.warn({ err: error }, 'marking connected users seen failed'));
  };
  const idsOf = (channels: string[]) => channels.flatMap((channel) => {
    const match = userChannel.exec(channel);
    return match ? [Number(match[1])] : [];
  });
  const timer = setInterval(() => touch(idsOf(connectedChannels())), everyMs);
  timer.unref();
  return {
    /** For `PusherServer`'s `onSubscribed`. */
    subscribed: (channel: string) => touch(idsOf([channel])),
    stop: () => clearInterval(timer),
  };
}
