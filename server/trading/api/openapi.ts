import * as z from 'zod/mini';
import { apiPrefix, type Access, type Endpoint } from '../../../shared/api/endpoint';
import {
  accountsApi,
  adminApi,
  auditApi,
  authApi,
  automationApi,
  backOfficeApi,
  catalogueApi,
  chatApi,
  customerFundingApi,
  dashboardApi,
  fundingApi,
  instrumentsAdminApi,
  financingApi,
  conditionsApi,
  dividendsApi,
  kycApi,
  notificationsApi,
  plansApi,
  preferencesApi,
  profileApi,
  savingsApi,
  siteApi,
  staffAccountsApi,
  tradingApi,
  twoFactorApi,
} from '../../../shared/api/endpoints';
import { legacyKycFields, legacyKycUpload, documentUploadRequest } from '../../../shared/api/verification.schema';
import { authTexts } from '../../../shared/texts';

/**
 * The OpenAPI 3.1 document of the trading API, generated from the endpoint table (`shared/api/endpoints.ts`)
 * and its zod schemas (zod's own JSON Schema conversion), never written by hand: docs/api.md.
 */

type JsonSchema = Record<string, unknown>;
export type OpenApiDocument = {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  servers: { url: string; description: string }[];
  tags: { name: string; description: string }[];
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: Record<string, Record<string, unknown>>;
};
export type OpenApiOperation = {
  operationId: string;
  summary: string;
  description: string;
  tags: string[];
  'x-access': Access;
  security: Record<string, string[]>[];
  parameters?: { name: string; in: 'path' | 'query'; required: boolean; schema: JsonSchema }[];
  requestBody?: { required: true; content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, unknown>;
};

/** The table's areas, each one tag of the document. */
const areas: { tag: string; description: string; endpoints: Record<string, Endpoint> }[] = [
  { tag: 'Site', description: 'The site settings and data, the signed-in user, realtime channel sign-in.', endpoints: siteApi },
  { tag: 'Notifications', description: 'The signed-in user’s notifications.', endpoints: notificationsApi },
  { tag: 'Sign-in and sign-up', description: 'Tokens, two-factor sign-in, registration and password recovery.', endpoints: authApi },
  { tag: 'Trading', description: 'Instruments, candles, trading accounts, market and pending orders, closing.', endpoints: tradingApi },
  { tag: 'Automation', description: 'Expert advisors and AutoTrader, the customer’s side and staff’s.', endpoints: automationApi },
  { tag: 'Chat', description: 'Support chat and its attachments.', endpoints: chatApi },
  { tag: 'Dashboard', description: 'The customer dashboard’s figures.', endpoints: dashboardApi },
  { tag: 'Profile', description: 'Personal information, photo, e-mail change and password.', endpoints: profileApi },
  { tag: 'Two-factor', description: 'Two-factor sign-in enrolment and recovery codes.', endpoints: twoFactorApi },
  { tag: 'Verification', description: 'The customer’s verification documents (KYC).', endpoints: kycApi },
  { tag: 'Accounts', description: 'Opening trading accounts and transfers between a customer’s own accounts.', endpoints: accountsApi },
  { tag: 'Funding', description: 'Deposits, withdrawals and their history; the sandbox chain staff announce payments on.', endpoints: customerFundingApi },
  { tag: 'Savings', description: 'Savings plans and a customer’s savings; the admins’ plan editor.', endpoints: savingsApi },
  { tag: 'Preferences', description: 'Display currency, language, notification choices, sessions; the system status.', endpoints: preferencesApi },
  { tag: 'Plans', description: 'Moving to another plan, and staff deciding those requests.', endpoints: plansApi },
  { tag: 'Back office: users and settings', description: 'Site settings and images, customer standing, notifications to a customer, sign-in links, the outbox.', endpoints: adminApi },
  { tag: 'Back office: customers', description: 'The overview, the customer list, one customer and what staff do there.', endpoints: backOfficeApi },
  { tag: 'Back office: queues', description: 'Deposits, withdrawals and verification documents staff decide.', endpoints: fundingApi },
  { tag: 'Back office: audit', description: 'The audit trail.', endpoints: auditApi },
  { tag: 'Back office: staff accounts', description: 'Staff accounts, managed by admins.', endpoints: staffAccountsApi },
  { tag: 'Back office: catalogue', description: 'Expert advisors and plans as admins edit them.', endpoints: catalogueApi },
  { tag: 'Back office: instruments', description: 'The instruments admins edit.', endpoints: instrumentsAdminApi },
  { tag: 'Back office: financing', description: 'The nightly rollovers of overnight financing, and a day run by hand.', endpoints: financingApi },
  { tag: 'Back office: trading conditions', description: 'Each plan’s spread markups and commissions, per asset class and instrument.', endpoints: conditionsApi },
  { tag: 'Back office: dividends', description: 'Dividends on share and index CFDs, adjusted at each ex-date’s open.', endpoints: dividendsApi },
];

const accessTexts: Record<Access, string> = {
  public: 'anyone, no token',
  'signed-in': 'any signed-in user, whatever their standing',
  'pending-ok': 'a signed-in user who is not deactivated (a customer awaiting approval included)',
  active: 'a signed-in user in good standing',
  customer: 'a customer in good standing',
  staff: 'staff or an admin in good standing',
  admin: 'an admin in good standing',
};

/**
 * What the table cannot say of a multipart endpoint whose route reads the body itself (after the
 * upload's limits): its form fields. The file parts are binary; `fieldsFrom` names a schema of the text fields.
 */
const multipartForms: Record<string, { files: readonly string[]; oneFile?: boolean; fieldsFrom?: z.ZodMiniType }> = {
  chatUpload: { files: ['file'] },
  uploadPhoto: { files: ['file'] },
  uploadSiteImage: { files: ['file'] },
  uploadDocument: { files: ['file'], fieldsFrom: documentUploadRequest },
  legacyKycUpload: { files: legacyKycFields, oneFile: true, fieldsFrom: legacyKycUpload },
};

const binary = { type: 'string', contentMediaType: 'application/octet-stream' };

/** A schema as the wire carries it: what `parse` takes (decimals as numbers, ids as numbers or strings), the `$schema` key left out. */
function wireSchema(schema: z.ZodMiniType): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io: 'input', target: 'draft-2020-12' }) as JsonSchema;
  return rest;
}

function multipartSchema(name: string, e: Endpoint): JsonSchema {
  if (e.body) return wireSchema(e.body);
  const form = multipartForms[name];
  if (!form) throw new Error(`openapi: the multipart endpoint ${name} has no body schema and no form in multipartForms`);
  const fields = form.fieldsFrom ? wireSchema(form.fieldsFrom) : { properties: {}, required: [] };
  const properties = { ...(fields.properties as object), ...Object.fromEntries(form.files.map((file) => [file, binary])) };
  const required = [...((fields.required as string[] | undefined) ?? []), ...(form.oneFile ? [] : form.files)];
  return {
    type: 'object',
    properties,
    required,
    ...(form.oneFile ? { description: `Exactly one file, under one of: ${form.files.join(', ')}.` } : {}),
  };
}

const mediaTypes = { json: 'application/json', multipart: 'multipart/form-data', form: 'application/x-www-form-urlencoded' } as const;

function requestBodyOf(name: string, e: Endpoint): OpenApiOperation['requestBody'] {
  const encoding = e.encoding ?? 'json';
  if (encoding === 'multipart') return { required: true, content: { [mediaTypes.multipart]: { schema: multipartSchema(name, e) } } };
  if (!e.body) return undefined;
  return { required: true, content: { [mediaTypes[encoding]]: { schema: wireSchema(e.body) } } };
}

function parametersOf(e: Endpoint): OpenApiOperation['parameters'] {
  const parameters: NonNullable<OpenApiOperation['parameters']> = [];
  const pathSchemas = e.params ? ((wireSchema(e.params).properties ?? {}) as Record<string, JsonSchema>) : {};
  for (const [, name] of e.path.matchAll(/:(\w+)/g)) parameters.push({ name: name!, in: 'path', required: true, schema: pathSchemas[name!] ?? { type: 'string' } });
  if (e.query) {
    const query = wireSchema(e.query);
    const required = new Set((query.required as string[] | undefined) ?? []);
    for (const [name, schema] of Object.entries((query.properties ?? {}) as Record<string, JsonSchema>)) parameters.push({ name, in: 'query', required: required.has(name), schema });
  }
  return parameters.length > 0 ? parameters : undefined;
}

function successOf(e: Endpoint): Record<string, unknown> {
  const status = String(e.status ?? 200);
  if (e.response) return { [status]: { description: status === '201' ? 'Created.' : 'Done.', content: { [mediaTypes.json]: { schema: wireSchema(e.response) } } } };
  // No JSON answer: a file, with its type in Content-Type (a CSV for the `.csv` path).
  const media = e.path.endsWith('.csv') ? 'text/csv' : '*/*';
  return {
    [status]: {
      description: 'The file’s bytes, its type in `Content-Type`.',
      content: { [media]: { schema: { type: 'string', contentMediaType: media === '*/*' ? 'application/octet-stream' : media } } },
    },
  };
}

const ref = (name: string) => ({ $ref: `#/components/responses/${name}` });

/** The refusals an endpoint can answer by its shape; anything else (409, 413, 429, 503, …) is `default`. */
function refusalsOf(e: Endpoint): Record<string, unknown> {
  const takesBody = e.body !== undefined || e.encoding === 'multipart';
  return {
    ...(takesBody && e.method !== 'GET' ? { 400: ref('BadRequest') } : {}),
    ...(e.access === 'public' ? {} : { 401: ref('Unauthenticated'), 403: ref('Forbidden') }),
    ...(e.params ? { 404: ref('NotFound') } : {}),
    ...(takesBody || e.query ? { 422: ref('ValidationFailed') } : {}),
    default: ref('Refused'),
  };
}

/** `placeOrder` → `Place order`. */
const summaryOf = (name: string) => {
  const words = name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

function operationOf(name: string, e: Endpoint, tag: string): OpenApiOperation {
  const parameters = parametersOf(e);
  const requestBody = requestBodyOf(name, e);
  return {
    operationId: name,
    summary: summaryOf(name),
    description: `Who may call it: ${accessTexts[e.access]} (\`x-access: ${e.access}\`).`,
    tags: [tag],
    'x-access': e.access,
    security: e.access === 'public' ? [] : [{ bearerToken: [] }],
    ...(parameters ? { parameters } : {}),
    ...(requestBody ? { requestBody } : {}),
    responses: { ...successOf(e), ...refusalsOf(e) },
  };
}

/** The error body every refusal has: `{ message }`, a validation failure also `errors` by field. */
const errorBody = z.object({ message: z.string(), errors: z.optional(z.record(z.string(), z.array(z.string()))) });

const errorResponse = (description: string) => ({ description, content: { [mediaTypes.json]: { schema: { $ref: '#/components/schemas/Error' } } } });

const description = `The trading API under \`${apiPrefix}\`, generated from its endpoint table.

**Authentication.** Calls other than the public ones take \`Authorization: Bearer {token}\`, the token from
\`POST /auth/login\` (with two-factor sign-in, \`POST /auth/login/verify\` after it). A token lasts
\`TOKEN_TTL_HOURS\`; \`POST /auth/logout\` ends it. Browser pages do not hold tokens: they call the web
tier's \`${apiPrefix}\` proxy with its cookie session and an \`X-CSRF-Token\` header on writes, and the web
tier adds the token.

**Access.** Each operation's \`x-access\` says who may call it: ${Object.entries(accessTexts)
  .map(([access, text]) => `\`${access}\` ${text}`)
  .join('; ')}.

**Errors.** A refusal is a 4xx with \`{ message }\` (a validation failure, 422, also \`errors\`: each
field's messages); 401 without a valid token, 403 for the role or standing, 404 for nothing there or
someone else's, 409 for a conflict with the current state, 429 with \`Retry-After\` for a rate limit, 503
while busy or not ready.

**Numbers.** Money, prices and volumes travel as JSON numbers with at most 15 significant digits; trade ids
as strings. Requests take decimals as numbers or strings.

**Paging.** Lists take \`?page=\` (from 1) and answer \`{ data, meta: { current_page, per_page, last_page,
total }, links: { next } }\`.`;

/** The document for this release (`version`: package.json's). */
export function openApiDocument({ version }: { version: string }): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  for (const area of areas) {
    for (const [name, e] of Object.entries(area.endpoints)) {
      const path = e.path.replace(/:(\w+)/g, '{$1}');
      const operations = (paths[path] ??= {});
      const method = e.method.toLowerCase();
      if (operations[method]) throw new Error(`openapi: ${e.method} ${e.path} is declared twice (${operations[method].operationId}, ${name})`);
      operations[method] = operationOf(name, e, area.tag);
    }
  }
  return {
    openapi: '3.1.0',
    info: { title: 'CFD and forex trading platform: trading API', version, description },
    servers: [{ url: apiPrefix, description: 'The trading API itself (API_HOST:API_PORT), or the site’s origin through the web tier’s proxy' }],
    tags: areas.map(({ tag, description }) => ({ name: tag, description })),
    paths,
    components: {
      securitySchemes: {
        bearerToken: { type: 'http', scheme: 'bearer', description: 'The token from `POST /auth/login`. Browser pages use the web tier’s cookie session and CSRF token instead.' },
      },
      schemas: { Error: wireSchema(errorBody) },
      responses: {
        BadRequest: errorResponse('The body is not JSON, or a multipart body cannot be read.'),
        Unauthenticated: errorResponse(`No valid bearer token: \`{ "message": "${authTexts.unauthenticated}" }\`.`),
        Forbidden: errorResponse('Not for this role or standing, or not theirs to do.'),
        NotFound: errorResponse('Nothing there, or someone else’s (a path parameter that does not parse names nothing).'),
        ValidationFailed: errorResponse('Validation or a business rule: `message` is the first of `errors`, each field’s messages (nested fields joined with dots, the whole body under `_`).'),
        Refused: errorResponse('Another refusal (409 conflict, 413 too large, 429 rate limit with `Retry-After`, 503 busy or not ready) or 500 `Server Error`.'),
      },
    },
  };
}
