import { expect, it } from 'vitest';
import { answers } from '../../../scripts/cluster/cluster';
import { apiOrigin, publicOrigin, readSecrets } from '../../../scripts/cluster/topology';
import { faultTopology } from '../support/cluster';
import { bearer } from '../../support/bearer';

/**
 * The deployment pitfalls a review found, checked where they bite: behind HAProxy on the same host
 * (docs/operations.md#behind-a-proxy). The rest of each fix is tested in process (tests/integration).
 */
const t = faultTopology();
const site = publicOrigin(t);

it('when pages come through HAProxy, then framing is refused one way (DENY and frame-ancestors none) and a Permissions-Policy is sent', async () => {
  if (!(await answers(`${site}/readyz`))) throw new Error(`The cluster does not answer at ${site}`);
  const page = await fetch(`${site}/`);
  expect(page.status).toBe(200);
  expect(page.headers.get('x-frame-options')).toBe('DENY');
  expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  expect(page.headers.get('permissions-policy')).toMatch(/geolocation=\(\)/);
});

it('when /metrics is asked through HAProxy, then HAProxy itself refuses it; a process serves it only with the token', async () => {
  const { METRICS_TOKEN: token } = readSecrets(t);
  const publicly = await fetch(`${site}/metrics`, { headers: bearer(token!) });
  // HAProxy's own refusal (its HTML page), even for the token's holder: not the web tier's JSON 404.
  expect(publicly.status).toBe(404);
  expect(publicly.headers.get('content-type')).not.toContain('json');
  expect((await fetch(`${apiOrigin(t)}/metrics`)).status).toBe(404);
  expect((await fetch(`http://${t.bind}:${t.ports.web[0]}/metrics`)).status).toBe(404);
  const trading = await fetch(`http://${t.bind}:${t.ports.trading[0]}/metrics`, { headers: bearer(token!) });
  expect(trading.status).toBe(200);
  expect(await trading.text()).toContain('cfd_cluster_leader');
});
