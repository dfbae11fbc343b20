import { Ajv2020 } from 'ajv/dist/2020.js';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Express } from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPrefix } from '../../shared/api/endpoint';
import { rootDir } from '../../server/paths';
import { openApiDocument, type OpenApiDocument } from '../../server/trading/api/openapi';
import { paymentWebhookPath } from '../../server/trading/api/payment-webhook.routes';
import { fundedTrader, startTrading, type TradingStack } from '../support/trading';
import { startWebStack, type WebStack } from '../support/web';

/**
 * The served document against the routes `createTradingApp` really mounts under /api/v1 (read from
 * Express's router stack, not from the endpoint table), and against what the API really answers.
 */

/** Mounted under /api/v1 on purpose but not API calls of the table, so not in the document. */
const outsideTheDocument: Record<string, string> = {
  'GET /healthz': 'liveness for load balancers, also at the root (docs/api-conventions.md#health)',
  'GET /readyz': 'readiness for load balancers, also at the root',
  'GET /openapi.json': 'the document itself (docs/api.md)',
  [`POST ${paymentWebhookPath}`]: 'the card provider’s signed callbacks, not for integrators (docs/funding.md#card-deposits)',
};

type Layer = { route?: { path: string; methods: Record<string, boolean> }; handle: { stack?: Layer[] }; rawPath?: unknown };

/** `METHOD /path` of every route in a router's stack, sub-routers included (their mount path prefixed). */
function mountedRoutes(stack: Layer[], prefix = ''): string[] {
  return stack.flatMap((layer) => {
    if (layer.route) return Object.keys(layer.route.methods).map((method) => `${method.toUpperCase()} ${prefix}${layer.route!.path}`);
    if (!layer.handle.stack) return [];
    const mount = typeof layer.rawPath === 'string' && layer.rawPath !== '/' ? layer.rawPath : '';
    return mountedRoutes(layer.handle.stack, prefix + mount);
  });
}

/** The API router mounted at /api/v1 on the app. */
function apiRouterOf(app: Express): Layer[] {
  const top = (app as unknown as { router: { stack: Layer[] } }).router.stack;
  const mounted = top.find((layer) => layer.rawPath === apiPrefix && layer.handle.stack);
  if (!mounted) throw new Error(`nothing mounted at ${apiPrefix}`);
  return mounted.handle.stack!;
}

const documented = (doc: OpenApiDocument) =>
  Object.entries(doc.paths).flatMap(([path, operations]) => Object.keys(operations).map((method) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`));

let stack: TradingStack;
let web: WebStack;
let served: OpenApiDocument;

beforeAll(async () => {
  [stack, web] = await Promise.all([startTrading(), startWebStack()]);
  served = (await request(stack.app).get(`${apiPrefix}/openapi.json`)).body as OpenApiDocument;
});
afterAll(async () => {
  await web?.close();
  await stack?.engine.stop();
  await stack?.database.close();
});

describe('the OpenAPI document, served (docs/api.md)', () => {
  it('documents every route mounted under /api/v1 and none that is not, but the ones listed with their reason', () => {
    const mounted = new Set(mountedRoutes(apiRouterOf(stack.app)));
    const inDocument = new Set(documented(served));
    expect(mounted.size).toBeGreaterThan(100);
    expect(
      [...mounted].filter((route) => !inDocument.has(route) && !(route in outsideTheDocument)),
      'mounted but not documented',
    ).toEqual([]);
    expect(
      [...inDocument].filter((route) => !mounted.has(route)),
      'documented but not mounted',
    ).toEqual([]);
    expect(
      Object.keys(outsideTheDocument).filter((route) => !mounted.has(route)),
      'listed as outside but not mounted',
    ).toEqual([]);
    expect(
      Object.keys(outsideTheDocument).filter((route) => inDocument.has(route)),
      'listed as outside but documented',
    ).toEqual([]);
  });

  it('is public JSON of this release, built once and cacheable, with an ETag to revalidate', async () => {
    const res = await request(stack.app).get(`${apiPrefix}/openapi.json`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    const { version } = JSON.parse(readFileSync(join(rootDir, 'package.json'), 'utf8')) as { version: string };
    expect(res.body).toEqual(JSON.parse(JSON.stringify(openApiDocument({ version }))));
    const again = await request(stack.app).get(`${apiPrefix}/openapi.json`).set('If-None-Match', res.headers.etag!);
    expect([again.status, again.text]).toEqual([304, '']);
  });

  it('passes through the web tier’s /api/v1 proxy without a session', async () => {
    const res = await request(web.web).get(`${apiPrefix}/openapi.json`);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    expect(res.body).toEqual(served);
  });

  it('tells the truth about the wire: real answers match the document’s schemas, refusals its error body', async () => {
    const ajv = new Ajv2020({ strict: false, allowUnionTypes: true, validateFormats: false });
    ajv.addSchema({ $id: 'components', $defs: served.components.schemas });
    const schemaOf = (path: string, method: string, status: number) => {
      const response = served.paths[path]![method]!.responses[String(status)] ?? served.paths[path]![method]!.responses.default;
      const resolved = (response as { $ref?: string }).$ref ? served.components.responses![(response as { $ref: string }).$ref.split('/').pop()!] : response;
      const schema = (resolved as { content: Record<string, { schema: object }> }).content['application/json']!.schema;
      return ajv.compile(JSON.parse(JSON.stringify(schema).replaceAll('"#/components/schemas/', '"components#/$defs/')));
    };
    const trader = await fundedTrader(stack, '5000');
    const asset = (await request(stack.app).get(`${apiPrefix}/assets`).set('Authorization', `Bearer ${trader.token}`)).body.data[0];
    const calls: [path: string, method: 'get' | 'post', body?: object, token?: string | null][] = [
      ['/settings', 'get'],
      ['/user', 'get'],
      ['/assets', 'get'],
      ['/trades/store', 'post', { type: 'buy', id: asset.id, volume: 1000, leverage: 1 }],
      ['/open/trades', 'get'],
      ['/trades/store', 'post', { type: 'sideways' }],
      ['/open/trades', 'get', undefined, null],
    ];
    for (const [path, method, body, token = trader.token] of calls) {
      let req = request(stack.app)[method](apiPrefix + path);
      if (token) req = req.set('Authorization', `Bearer ${token}`);
      const res = await (body ? req.send(body) : req);
      const check = schemaOf(path, method, res.status);
      expect(check(res.body), `${method} ${path} ${res.status} ${JSON.stringify(check.errors)}`).toBe(true);
    }
    // And the check can fail: a figure sent as a string is not what the document says.
    const check = schemaOf('/assets', 'get', 200);
    expect(check({ data: [{ ...asset, rate: String(asset.rate) }] })).toBe(false);
  });
});
