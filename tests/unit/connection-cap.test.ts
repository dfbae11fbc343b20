import { describe, expect, it, vi } from 'vitest';
import { openConnectionCap } from '../../server/trading/realtime/connection-cap';

describe('the socket cap per address, in one process', () => {
  it('when an address is refused, then the log says so once a minute for it, not per socket', async () => {
    vi.useFakeTimers();
    const warn = vi.fn();
    const cap = openConnectionCap({ limit: 1, node: 'one', logger: { warn } });
    try {
      expect(await cap.acquire('203.0.113.7')).toBeTypeOf('function');
      expect(await cap.acquire('203.0.113.7')).toBeUndefined();
      expect(await cap.acquire('203.0.113.7')).toBeUndefined();
      expect(warn).toHaveBeenCalledTimes(1);
      expect(warn.mock.calls[0]![0]).toMatchObject({ address: '203.0.113.7', limit: 1 });
      vi.advanceTimersByTime(60_000);
      expect(await cap.acquire('203.0.113.7')).toBeUndefined();
      expect(warn).toHaveBeenCalledTimes(2);
    } finally {
      cap.close();
      vi.useRealTimers();
    }
  });
});
