import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { LocalBus, type Bus, type BusEvents, type Topic } from './bus';

/** What stays inside a process: each trading process prices from its own market (the owner relays `market.ticks`). */
const localOnly: ReadonlySet<Topic> = new Set(['market.quotes']);

interface Envelope {
  node: string;
  topic: Topic;
  payload: unknown;
}

/**
 * The bus across trading processes: every event is delivered here at once and published on a Redis
 * channel; the other processes deliver it to their own subscribers, and a process ignores what it
 * published itself, so each subscriber hears each event exactly once, wherever it was raised.
 */
export class RedisBus implements Bus {
  readonly node = randomUUID();
  private readonly local: LocalBus;
  private readonly reconnected: (() => void)[] = [];

  private constructor(
    private readonly publisher: Redis,
    private readonly subscriber: Redis,
    private readonly channel: string,
    onError: (error: unknown, topic: Topic) => void,
  ) {
    this.local = new LocalBus(onError);
    // Pub/sub delivers at most once: what was published while this connection was down is lost.
    let ready = subscriber.status === 'ready';
    subscriber.on('ready', () => {
      if (ready) for (const listener of this.reconnected) listener();
      ready = true;
    });
    subscriber.on('message', (from: string, raw: string) => {
      if (from !== channel) return;
      let envelope: Envelope;
      try {
        envelope = JSON.parse(raw) as Envelope;
      } catch (error) {
        console.error('unreadable message on the Redis bus', error);
        return;
      }
      if (envelope.node === this.node || localOnly.has(envelope.topic)) return;
      this.local.publish(envelope.topic, envelope.payload as BusEvents[typeof envelope.topic]);
    });
  }

  /** Subscribes on a connection of its own (a subscribed Redis connection can do nothing else). */
  static async open(redis: Redis, { channel = 'bus', onError }: { channel?: string; onError?: (error: unknown, topic: Topic) => void } = {}): Promise<RedisBus> {
    const subscriber = redis.duplicate({ connectionName: `bus-subscriber-${randomUUID()}` });
    await subscriber.subscribe(channel);
    return new RedisBus(redis, subscriber, channel, onError ?? ((error, topic) => console.error(`bus subscriber of ${topic} failed`, error)));
  }

  publish<T extends Topic>(topic: T, payload: BusEvents[T]): void {
    this.local.publish(topic, payload);
    if (localOnly.has(topic)) return;
    const envelope: Envelope = { node: this.node, topic, payload };
    this.publisher.publish(this.channel, JSON.stringify(envelope)).catch((error: unknown) => console.error(`bus publish of ${topic} failed`, error));
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
    await this.local.close();
    this.subscriber.disconnect();
  }
}
