import { describe, expect, it, vi } from 'vitest';
import { batchedChannelSignIn } from '../../client/realtime/channel-sign-in';
import { call } from '../../client/lib/call';

vi.mock('../../client/lib/call', () => ({ call: vi.fn() }));
const calls = vi.mocked(call);

/** The handler with its batches sent when the test says so. */
function handler() {
  const due: (() => void)[] = [];
  const signIn = batchedChannelSignIn((send) => due.push(send));
  const replies: Record<string, [string | null, unknown]> = {};
  const ask = (socketId: string, channelName: string) =>
    signIn({ socketId, channelName }, (error, signature) => {
      replies[`${socketId} ${channelName}`] = [error?.message ?? null, signature];
    });
  const sendDue = async () => {
    due.splice(0).forEach((send) => send());
    // The answers come back a few microtasks later.
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return { ask, sendDue, replies };
}

describe('channel sign-ins in one request', () => {
  it('sends the channels asked for in the same moment together, and answers each its own signature or refusal', async () => {
    calls.mockReset();
    calls.mockResolvedValue({
      ok: true,
      status: 200,
      data: { channels: { 'private-user.7': { auth: 'k:sig-user', channel_data: '{"user_id":7}' }, 'private-trade.8': { refused: 'This channel is not yours.' } } },
    } as never);
    const { ask, sendDue, replies } = handler();
    ask('1.2', 'private-user.7');
    ask('1.2', 'private-trade.8');
    await sendDue();
    expect(calls).toHaveBeenCalledTimes(1);
    expect(calls.mock.calls[0]![1]).toEqual({ body: { socket_id: '1.2', channel_names: ['private-user.7', 'private-trade.8'] } });
    expect(replies['1.2 private-user.7']).toEqual([null, { auth: 'k:sig-user', channel_data: '{"user_id":7}' }]);
    expect(replies['1.2 private-trade.8']).toEqual(['This channel is not yours.', null]);
  });

  it('starts a new batch for a new socket, and fails every channel of a batch the server refused whole', async () => {
    calls.mockReset();
    calls.mockResolvedValue({ ok: false, failure: 'refused', status: 403, message: 'Your session has expired.', errors: {}, retryAfter: null } as never);
    const { ask, sendDue, replies } = handler();
    ask('1.2', 'private-user.7');
    ask('3.4', 'private-user.7');
    await sendDue();
    expect(calls).toHaveBeenCalledTimes(2);
    expect(replies['1.2 private-user.7']).toEqual(['Your session has expired.', null]);
    expect(replies['3.4 private-user.7']).toEqual(['Your session has expired.', null]);
  });
});
