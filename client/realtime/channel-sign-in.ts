import { maxChannelsPerBatch } from '../../shared/api/broadcasting.schema';
import { siteApi } from '../../shared/api/endpoints/site';
import { call } from '../lib/call';

type Signature = { auth: string; channel_data?: string };
type Answer = (error: Error | null, signature: Signature | null) => void;
interface Batch {
  socketId: string;
  waiting: Map<string, Answer[]>;
}

/**
 * pusher-js's channel sign-in, with the channels it asks for in the same moment (every channel of the page, when the
 * socket connects) sent as one request (docs/realtime.md#channel-sign-in): on a slow network each request costs a
 * round trip. A refused channel fails alone, as it would on its own.
 */
export function batchedChannelSignIn(later: (send: () => void) => void = (send) => setTimeout(send, 0)) {
  let open: Batch | null = null;

  async function send({ socketId, waiting }: Batch) {
    const result = await call(siteApi.broadcastingAuthBatch, { body: { socket_id: socketId, channel_names: [...waiting.keys()] } });
    for (const [channel, answers] of waiting) {
      const answer = result.ok ? result.data.channels[channel] : undefined;
      const error = answer && 'auth' in answer ? null : new Error(answer?.refused ?? (result.ok ? null : result.message) ?? `Could not join ${channel}.`);
      for (const reply of answers) reply(error, error ? null : (answer as Signature));
    }
  }

  return ({ socketId, channelName }: { socketId: string; channelName: string }, reply: Answer): void => {
    if (!open || open.socketId !== socketId || open.waiting.size >= maxChannelsPerBatch) {
      const batch: Batch = { socketId, waiting: new Map() };
      open = batch;
      later(() => {
        if (open === batch) open = null;
        void send(batch);
      });
    }
    open.waiting.set(channelName, [...(open.waiting.get(channelName) ?? []), reply]);
  };
}
