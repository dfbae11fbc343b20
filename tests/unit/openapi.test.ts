import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import type { Endpoint } from '../../shared/api/endpoint';
import { api } from '../../shared/api/endpoints';
import { openApiDocument, type OpenApiDocument, type OpenApiOperation } from '../../server/trading/api/openapi';

const doc = openApiDocument({ version: '9.8.7' });
const operations = Object.values(doc.paths).flatMap((ops) => Object.values(ops));
const operation = (name: string): OpenApiOperation => {
  const found = operations.find((op) => op.operationId === name);
  if (!found) throw new Error(`no operation ${name}`);
  return found;
};
type Schema = Record<string, unknown> & { properties?: Record<string, Schema>; items?: Schema; type?: unknown };
const jsonBody = (op: OpenApiOperation, status: string) => (op.responses[status] as { content: Record<string, { schema: Schema }> }).content['application/json']!.schema;
const validate = (document: unknown) => new Validator().validate(structuredClone(document) as Record<string, unknown>);

/** Every `schema` in the document (parameters, bodies, answers, components). */
function schemasIn(value: unknown, where = ''): [string, Schema][] {
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, inner]) => (key === 'schema' ? [[where, inner as Schema] as [string, Schema]] : schemasIn(inner, `${where}/${key}`)));
}

describe('the OpenAPI document generated from the endpoint table', () => {
  it('is a valid OpenAPI 3.1 document, and the validator does refuse a broken one', async () => {
    expect(await validate(doc)).toEqual({ valid: true });
    const broken = structuredClone(doc) as unknown as { paths: Record<string, Record<string, { responses?: unknown; parameters?: unknown }>> };
    broken.paths['/assets/{id}/candles']!.get!.parameters = [{ name: 'id', in: 'path', schema: { type: 'integer' } }];
    expect((await validate(broken)).valid).toBe(false);
  });

  it('holds JSON Schemas of the 2020-12 dialect a strict validator compiles', () => {
    const ajv = new Ajv2020({ strict: true, strictTypes: false, strictTuples: false, allowUnionTypes: true, validateFormats: false });
    ajv.addSchema({ $id: 'components', $defs: doc.components.schemas });
    const found = schemasIn(doc);
    expect(found.length).toBeGreaterThan(200);
    for (const [where, schema] of found) {
      const local = JSON.parse(JSON.stringify(schema).replaceAll('"#/components/schemas/', '"components#/$defs/')) as Schema;
      expect(() => ajv.compile(local), where).not.toThrow();
    }
    expect(() => ajv.compile({ type: 'strng' }), 'a schema the validator refuses').toThrow();
  });

  it('has one operation per endpoint of the table, at its path and method, with its access', () => {
    const table = Object.entries(api) as [string, Endpoint][];
    expect(operations).toHaveLength(table.length);
    for (const [name, e] of table) {
      const op = doc.paths[e.path.replace(/:(\w+)/g, '{$1}')]?.[e.method.toLowerCase()];
      expect(op?.operationId, `${e.method} ${e.path}`).toBe(name);
      expect(op!['x-access']).toBe(e.access);
      expect(op!.security).toEqual(e.access === 'public' ? [] : [{ bearerToken: [] }]);
      expect(Object.keys(op!.responses)).toContain(String(e.status ?? 200));
      expect(doc.tags.map((tag) => tag.name)).toContain(op!.tags[0]);
    }
  });

  it('says who it is: the release version, the API’s base path, the bearer token and the browser’s cookie session', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.version).toBe('9.8.7');
    expect(doc.servers[0]!.url).toBe('/api/v1');
    expect(doc.components.securitySchemes).toEqual({ bearerToken: expect.objectContaining({ type: 'http', scheme: 'bearer' }) });
    expect(doc.info.description).toMatch(/cookie session/);
    expect(doc.info.description).toMatch(/X-CSRF-Token/);
  });

  it('describes the wire: figures as numbers, trade ids as strings, ids taken as numbers or strings', () => {
    const trade = jsonBody(operation('placeOrder'), '201').properties!.data!;
    expect(trade.properties!.id!.type).toBe('string');
    expect(trade.properties!.volume!.type).toBe('number');
    const asset = jsonBody(operation('assets'), '200').properties!.data!.items!;
    expect(asset.properties!.rate!.type).toBe('number');
    const order = (operation('placeOrder').requestBody!.content['application/json']!.schema as Schema).properties!;
    expect(order.id!.type).toEqual(['string', 'number']);
  });

  it('gives path and query parameters from the schemas, required as the schemas say', () => {
    expect(operation('candles').parameters).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'id', in: 'path', required: true })]));
    const openTrades = operation('openTrades').parameters!;
    expect(openTrades.map((p) => [p.name, p.in, p.required])).toEqual([
      ['page', 'query', false],
      ['account_id', 'query', false],
    ]);
  });

  it('sends uploads as multipart with binary file parts, forms as URL-encoded, and files back as bytes', () => {
    const upload = operation('uploadDocument').requestBody!.content['multipart/form-data']!.schema as Schema;
    expect(upload.properties!.file).toEqual({ type: 'string', contentMediaType: 'application/octet-stream' });
    expect(upload.properties!.kind!.enum).toBeDefined();
    expect(upload.required).toEqual(expect.arrayContaining(['kind', 'file']));
    const legacy = operation('legacyKycUpload').requestBody!.content['multipart/form-data']!.schema as Schema;
    expect(Object.keys(legacy.properties!)).toEqual(expect.arrayContaining(['type', 'id_front', 'id_back', 'document']));
    expect(legacy.required).toEqual(['type']);
    expect(Object.keys(operation('broadcastingAuth').requestBody!.content)).toEqual(['application/x-www-form-urlencoded']);
    expect(Object.keys((operation('fundingHistoryCsv').responses['200'] as { content: object }).content)).toEqual(['text/csv']);
    expect(Object.keys((operation('chatFile').responses['200'] as { content: object }).content)).toEqual(['*/*']);
  });

  it('answers refusals with the API’s error body, by what the endpoint takes and who may call it', () => {
    const refusals = (name: string) => Object.keys(operation(name).responses).filter((status) => status !== '200' && status !== '201');
    expect(refusals('settings')).toEqual(['default']);
    expect(refusals('placeOrder')).toEqual(['400', '401', '403', '422', 'default']);
    expect(refusals('candles')).toEqual(['401', '403', '404', '422', 'default']);
    expect(doc.components.schemas!.Error).toEqual({
      type: 'object',
      properties: { message: { type: 'string' }, errors: { type: 'object', propertyNames: { type: 'string' }, additionalProperties: { type: 'array', items: { type: 'string' } } } },
      required: ['message'],
    });
  });

  it('is built the same every time (the served copy can be cached)', () => {
    const again: OpenApiDocument = openApiDocument({ version: '9.8.7' });
    expect(JSON.stringify(again)).toBe(JSON.stringify(doc));
  });
});
