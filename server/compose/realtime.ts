import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Redis } from 'ioredis';
import type { Logger } from '../logger';
import type { Bus } from '../trading/bus';
import type { AppDb } from '../trading/db/database';
import { bridgeToChannels, memberRelay } from '../trading/realtime/bridge';
import { keepPresence, userChannelPrefix } from '../trading/realtime/presence';
import { PusherServer, type PusherServerOptions } from '../trading/realtime/pusher-server';
import type { AppCredentials } from '../trading/realtime/signature';
import type { Admit } from '../trading/realtime/connection-cap';
import { onBusReconnect, openPresenceDirectory, type Drivers } from './drivers';

export interface RealtimeSockets {
  /** The Pusher-protocol server serving now (a restart puts a new one in its place). */
  server(): PusherServer;
  /** For the HTTP server's `upgrade` event: takes `/app/…` and answers true, leaves the rest. */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean;
  /** Says goodbye to every socket (4200: reconnect at once) and starts afresh, as a new process would. */
  restart(): Promise<void>;
  /** Says goodbye to every socket and stops. */
  close(): Promise<void>;
}

/**
 * The realtime sockets of one trading process: our Pusher server fed from the bus (customer events onto
 * their channels), presence members counted by the presence driver and relayed to the other processes'
 * sockets, open connections keeping their users online, a revoked sign-in's sockets closed, and every
 * client asked to reconnect when the bus lost events in an outage.
 */
export function openRealtime({
  db,
  bus,
  redis,
  drivers,
  logger,
  credentials,
  allowedOrigins,
  admit,
  options = {},
}: {
  db: AppDb;
  bus: Bus;
  redis: Redis | undefined;
  drivers: Pick<Drivers, 'presence'>;
  logger: Logger;
  credentials: AppCredentials;
  allowedOrigins: readonly string[] | undefined;
  /** The cap on sockets per client address (shared with the price feed). */
  admit?: Admit | undefined;
  /** Timeouts and limits (tests shorten them; the fan-out benchmark opens public channels). */
  options?: Partial<PusherServerOptions>;
}): RealtimeSockets {
  const open = () => {
    const presence = keepPresence({ db, logger, connectedChannels: () => pusher.channelsStartingWith(userChannelPrefix) });
    const node = randomUUID();
    const directory = openPresenceDirectory(drivers.presence, { redis, node, onGone: (channel, userId) => pusher.memberGone(channel, userId) });
    const pusher: PusherServer = new PusherServer({
      credentials,
      logger,
      allowedOrigins,
      onSubscribed: presence.subscribed,
      presence: directory,
      relay: memberRelay(bus, node),
      // Far above what one process serves well (see `npm run bench -- realtime`); a flood stops here.
      maxConnections: 50_000,
      admit,
      ...options,
    });
    const disconnectRevoked = bus.subscribe('access.changed', ({ userId }) => pusher.disconnectUser(userId));
    const unbridge = bridgeToChannels(bus, pusher);
    return {
      pusher,
      async close() {
        presence.stop();
        unbridge();
        disconnectRevoked();
        await pusher.close();
        directory.close();
      },
    };
  };

  let current = open();
  // Events published while this process's Redis subscription was down never arrive: clients start over.
  onBusReconnect(bus, () => current.pusher.reconnectAll('Events may have been missed'));
  return {
    server: () => current.pusher,
    handleUpgrade: (req, socket, head) => current.pusher.handleUpgrade(req, socket, head),
    async restart() {
      await current.close();
      current = open();
    },
    close: () => current.close(),
  };
}
