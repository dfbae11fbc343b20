import { rmSync } from 'node:fs';
import { expect, request } from '@playwright/test';
import { demo, startServer, test } from './support';
import { bearer } from '../support/bearer';

const dataDir = 'test-results/e2e-durability';

test('when the process is killed outright after a write was acknowledged, then the write is there after a restart', async () => {
  test.setTimeout(90_000);
  rmSync(dataDir, { recursive: true, force: true });
  const first = await startServer({ DATA_DIR: dataDir });
  const api = await request.newContext({ baseURL: first.api! });
  try {
    const login = await api.post('/api/v1/auth/login', { data: demo.admin });
    const { data } = (await login.json()) as { data: { token: string } };
    const saved = await api.patch('/api/v1/admin/settings', {
      data: { maintenanceMessage: 'written before kill -9' },
      headers: bearer(data.token),
    });
    expect(saved.status()).toBe(200);
    const exited = new Promise((resolve) => first.process.once('exit', resolve));
    first.process.kill('SIGKILL');
    await exited;

    const second = await startServer({ DATA_DIR: dataDir });
    try {
      const again = await request.newContext({ baseURL: second.api! });
      const settings = (await (await again.get('/api/v1/settings')).json()) as { data: { maintenanceMessage: string } };
      expect(settings.data.maintenanceMessage).toBe('written before kill -9');
      expect((await again.get('/api/v1/user', { headers: bearer(data.token) })).status()).toBe(200);
      await again.dispose();
    } finally {
      second.process.kill('SIGTERM');
    }
  } finally {
    await api.dispose();
  }
});
