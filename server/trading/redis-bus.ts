import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Logger } from '../logger';
import { reportOutages } from '../redis';
import { LocalBus, type Bus, type BusEvents, type Topic } from './bus';

/** What stays inside a process: each trading process prices from its own market (the owner relays `market.ticks`). */
const localOnly: ReadonlySet<Topic> = new Set(['market.quotes']);

/** Not worth keeping for later: a price is stale by then, and the next batch carries the news. */
const notHeld: ReadonlySet<Topic> = new Set(['market.ticks']);

/** How long after the publishing connection is back the held events are sent (longer than a reconnection attempt). */
const heldSendDelayMs = 1_500;

/** How many events raised while the publishing connection is down are kept to send when it is back. */
const maxHeld = 10_000;

type Envelope = { node: string; topic: Topic; payload: unknown } | { node: string; resync: true };

type BusLogger = Pick<Logger, 'error' | 'warn' | 'info'>;

/**
 * The bus across trading processes: every event is delivered here at once and published on a Redis
 * channel; the other processes deliver it to their own subscribers, and a process ignores what it
 * published itself, so each subscriber hears each event exactly once, wherever it was raised.
 *
 * While Redis is away the bus keeps working inside the process. Events for the others are held (up to
 * `maxHeld`, prices excepted) and sent in order when the connection is back; if some had to be dropped,
 * a resync notice follows them, and every process treats it as an outage of its own (`onReconnect`).
 * The subscription comes back by itself (ioredis subscribes again on reconnecting).
 */
export class RedisBus implements Bus {
  readonly node = randomUUID();
  private readonly local: LocalBus;
  private readonly reconnected: (() => void)[] = [];
  private readonly held: Envelope[] = [];
  private dropped = 0;
  private publisherUp: boolean;
  private subscriptionLost = false;
  private readonly onPublisherReady = () => this.publisherBack();
  private readonly onPublisherLost = () => {
    this.publisherUp = false;
    clearTimeout(this.flushing);
  };
  private flushing: NodeJS.Timeout | undefined;
  private everUp: boolean;

  private constructor(
    private readonly publisher: Redis,
    private readonly subscriber: Redis,
    private readonly channel: string,
    onError: (error: unknown, topic: Topic) => void,
    private readonly logger: BusLogger,
  ) {
    this.local = new LocalBus(onError);
    this.publisherUp = publisher.status === 'ready';
    this.everUp = this.publisherUp;
    publisher.on('ready', this.onPublisherReady);
    publisher.on('close', this.onPublisherLost);
    // Pub/sub delivers at most once: what was published while this connection was down is lost.
    subscriber.on('close', () => (this.subscriptionLost = true));
    subscriber.on('ready', () => this.announceIfBack());
    subscriber.on('message', (from: string, raw: string) => {
      if (from !== channel) return;
      let envelope: Envelope;
      try {
        envelope = JSON.parse(raw) as Envelope;
      } catch (error) {
        this.logger.error({ err: error }, 'unreadable message on the Redis bus');
        return;
      }
      if (envelope.node === this.node) return;
      if ('resync' in envelope) return this.tellReconnected();
      if (localOnly.has(envelope.topic)) return;
      this.local.publish(envelope.topic, envelope.payload as BusEvents[typeof envelope.topic]);
    });
  }

  /** Subscribes on a connection of its own (a subscribed Redis connection can do nothing else). */
  static async open(
    redis: Redis,
    { channel = 'bus', onError, logger = consoleLogger }: { channel?: string; onError?: (error: unknown, topic: Topic) => void; logger?: BusLogger } = {},
  ): Promise<RedisBus> {
    const subscriber = redis.duplicate({ connectionName: `bus-subscriber-${randomUUID()}` });
    reportOutages(subscriber, logger, 'Redis (bus subscription)');
    // A lazy connection without an offline queue must be connected before its first command.
    if (subscriber.status === 'wait') await subscriber.connect();
    await subscriber.subscribe(channel);
    return new RedisBus(redis, subscriber, channel, onError ?? ((error, topic) => logger.error({ err: error, topic }, 'bus subscriber failed')), logger);
  }

  publish<T extends Topic>(topic: T, payload: BusEvents[T]): void {
    this.local.publish(topic, payload);
    if (localOnly.has(topic)) return;
    this.send({ node: this.node, topic, payload });
  }

  private send(envelope: Envelope): void {
    const passesHeld = 'topic' in envelope && notHeld.has(envelope.topic) && this.publisher.status === 'ready';
    if (!this.publisherUp && !passesHeld) return this.hold(envelope);
    this.publisher.publish(this.channel, JSON.stringify(envelope)).catch((error: unknown) => {
      // The connection went down under it: held like the rest, sent when it is back. Refused by Redis, or
      // no answer in time (it may have gone out): lost, and said once.
      if (!refusedOrUnanswered(error)) return this.hold(envelope);
      this.dropped += 1;
      if (this.dropped === 1) this.logger.error({ err: error }, 'bus: an event could not be sent to the other processes');
    });
  }

  private hold(envelope: Envelope): void {
    if ('topic' in envelope && notHeld.has(envelope.topic)) return;
    if (this.held.length === 0 && this.dropped === 0) this.logger.warn('bus: Redis is away; events for the other processes are held until it is back');
    if (this.held.length < maxHeld) this.held.push(envelope);
    else this.dropped += 1;
  }

  /**
   * Sends what was held, in order, before anything raised from now on, and a resync notice if some had
   * to be dropped. Only after a pause longer than a reconnection attempt (see `redisConnectionOptions`):
   * the other processes' subscriptions come back about when this connection does, and what is sent
   * before they do is lost.
   */
  private publisherBack(): void {
    clearTimeout(this.flushing);
    const firstConnection = !this.everUp;
    this.everUp = true;
    this.flushing = setTimeout(
      () => {
        if (this.publisher.status !== 'ready') return;
        const held = this.held.splice(0);
        const dropped = this.dropped;
        this.dropped = 0;
        this.publisherUp = true;
        for (const envelope of held) this.send(envelope);
        if (dropped > 0) this.send({ node: this.node, resync: true });
        if (held.length + dropped > 0) this.logger.info({ sent: held.length, dropped }, 'bus: events held in the outage sent to the other processes');
        this.announceIfBack();
      },
      firstConnection ? 0 : heldSendDelayMs,
    );
    this.flushing.unref();
  }

  /** After the subscription was lost, once both connections work again (reconnecting clients need Redis for presence). */
  private announceIfBack(): void {
    if (!this.subscriptionLost || this.subscriber.status !== 'ready' || !this.publisherUp) return;
    this.subscriptionLost = false;
    this.tellReconnected();
  }

  private tellReconnected(): void {
    for (const listener of this.reconnected) listener();
  }

  subscribe<T extends Topic>(topic: T, handler: (payload: BusEvents[T]) => void): () => void {
    return this.local.subscribe(topic, handler);
  }

  /** The subscribing connection's name (operators see it in CLIENT LIST). */
  get subscriberName(): string {
    return this.subscriber.options.connectionName ?? '';
  }

  /** Called after the subscription came back from an outage, in which events may have been missed. */
  onReconnect(listener: () => void): void {
    this.reconnected.push(listener);
  }

  async close(): Promise<void> {
    this.publisher.off('ready', this.onPublisherReady);
    this.publisher.off('close', this.onPublisherLost);
    clearTimeout(this.flushing);
    await this.local.close();
    this.subscriber.disconnect();
  }
}

const refusedOrUnanswered = (error: unknown) => error instanceof Error && (error.name === 'ReplyError' || /timed out/i.test(error.message));

const consoleLogger: BusLogger = {
  error: (details: object, message?: string) => console.error(message, details),
  warn: (message: unknown) => console.warn(message),
  info: () => undefined,
} as BusLogger;
