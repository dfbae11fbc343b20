import { connect } from 'node:http2';
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

it('when a browser offers HTTP/2, then HAProxy serves the site over it (TLS with ALPN h2), and HTTP/1.1 still works', async () => {
  // The certificate is the cluster's own: trusted through NODE_EXTRA_CA_CERTS (scripts/test-faults.ts).
  expect(site.startsWith('https:')).toBe(true);
  const session = connect(site);
  try {
    const { status, protocol } = await new Promise<{ status: number; protocol: string | false | undefined }>((resolve, reject) => {
      const req = session.request({ ':path': '/', ':method': 'GET' });
      req.on('response', (headers) => resolve({ status: Number(headers[':status']), protocol: session.alpnProtocol }));
      req.on('error', reject);
      req.resume();
      req.end();
    });
    expect(protocol).toBe('h2');
    expect(status).toBe(200);
  } finally {
    session.close();
  }
  expect((await fetch(`${site}/`)).status).toBe(200);
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
