import { afterAll, expect, it } from 'vitest';
import { containerExists, podman } from '../../../scripts/cluster/podman';
import { answers } from '../../../scripts/cluster/cluster';
import { topology } from '../../../scripts/cluster/topology';
import { browserSession } from '../../support/browser-session';
import { printFigures } from '../support/cluster';
import { seconds } from '../support/orders';
import { until } from '../support/processes';

/**
 * The image alone, as someone trying the product runs it: one container on its embedded database (ROLE=both,
 * demo data), a signed-in page served from it, then a graceful stop on SIGTERM well within 10 s.
 */
const { image, bind } = topology();
const name = 'cfd-single';
const port = 4900;
const site = `http://${bind}:${port}`;

afterAll(() => {
  if (containerExists(name)) podman(['rm', '-f', name]);
  podman(['volume', 'rm', '-f', `${name}-data`]);
});

it('when the image runs alone, then it runs as non-root, serves a signed-in page, and stops on SIGTERM within 10 s', async () => {
  if (containerExists(name)) podman(['rm', '-f', name]);
  const env = { PORT: String(port), API_PORT: String(port + 1), PAYMENTS_SANDBOX_PORT: String(port + 2), HOST: bind, SEED_DEMO: 'auto', STAFF_TWO_FACTOR: 'off' };
  podman(['run', '-d', '--name', name, '--no-healthcheck', '--network=host', '-v', `${name}-data:/data`, ...Object.entries(env).flatMap(([k, v]) => ['--env', `${k}=${v}`]), image]);
  const readyIn = await until(() => answers(`${site}/readyz`), 120_000, 'the container ready').catch((error: Error) => {
    throw new Error(`${error.message}; its log ends:\n${podman(['logs', '--tail', '20', name])}`);
  });
  const user = podman(['exec', name, 'id', '-un']);

  const session = await browserSession(site, { email: 'trader@demo.test', password: 'trader-demo-1' });
  const dashboard = await fetch(`${site}/main/dashboard`, { headers: { Cookie: session.cookie } });
  const html = await dashboard.text();

  const stopAt = Date.now();
  podman(['stop', '-t', '10', name]);
  const stoppedIn = Date.now() - stopAt;
  const logs = podman(['logs', name]);
  const exitCode = podman(['inspect', '--format', '{{.State.ExitCode}}', name]);
  const size = Number(podman(['image', 'inspect', '--format', '{{.Size}}', image]));

  printFigures('The image alone (embedded database)', {
    image,
    size: `${(size / 1024 / 1024).toFixed(0)} MiB`,
    'ready after': seconds(readyIn),
    user,
    'signed-in page': `${dashboard.status}, ${html.length} bytes`,
    'stopped on SIGTERM in': seconds(stoppedIn),
    'exit code': exitCode,
  });
  expect(user).not.toBe('root');
  expect(dashboard.status).toBe(200);
  expect(html).toContain('Alex'); // the demo trader's own page
  expect(stoppedIn).toBeLessThan(10_000);
  expect(exitCode).toBe('0');
  expect(logs).toContain('"msg":"stopped"');
});
