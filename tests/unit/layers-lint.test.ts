import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The layers of README.md#layers as `npm run lint` checks them: for each arrow rule, an import against it
 * fails lint and one it allows passes. Each import names a real file, so the rule sees where it lands.
 */
const rules: { rule: string; file: string; refused: string; allowed: string }[] = [
  { rule: 'client imports no views module', file: 'client/islands/probe.island.tsx', refused: '../../views/components/app-shell', allowed: '../components/staff-table' },
  { rule: 'client imports no server module', file: 'client/islands/probe.island.tsx', refused: '../../server/config', allowed: '../../shared/constants' },
  { rule: 'views import no server module', file: 'views/pages/probe.tsx', refused: '../../server/web/answers', allowed: '../../client/funding/history' },
  { rule: 'server/web reaches server/trading only over HTTP', file: 'server/web/probe.ts', refused: '../trading/bus', allowed: '../../views/document' },
  { rule: 'the domain imports no api/', file: 'server/trading/funding/probe.ts', refused: '../api/outcomes', allowed: '../db/funding.repo' },
  { rule: 'db/ imports no domain module', file: 'server/trading/db/probe.repo.ts', refused: '../ledger/ledger', allowed: '../errors' },
  { rule: 'db/ imports no api/', file: 'server/trading/db/probe.repo.ts', refused: '../api/outcomes', allowed: './schema' },
  { rule: 'api/ imports nothing of the web tier', file: 'server/trading/api/probe.routes.ts', refused: '../../web/answers', allowed: '../funding/announce' },
  { rule: 'shared imports nothing outside shared', file: 'shared/api/probe.schema.ts', refused: '../../client/lib/call', allowed: '../money' },
  { rule: 'the refusal vocabulary imports only shared', file: 'server/trading/errors.ts', refused: './bus', allowed: '../../shared/money' },
];

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint();
});

/** The messages ESLint gives a file at `file` that only imports `from` and passes it on. */
async function lintImport(file: string, from: string): Promise<string[]> {
  const [result] = await eslint.lintText(`import * as probe from '${from}';\nexport { probe };\n`, { filePath: file });
  return (result?.messages ?? []).map((message) => `${message.ruleId ?? 'fatal'}: ${message.message}`);
}

describe('the layers lint rule', () => {
  it.each(rules)('when a file breaks "$rule", then lint fails; when it keeps to it, lint passes', async ({ file, refused, allowed }) => {
    const against = await lintImport(file, refused);
    expect(against).toHaveLength(1);
    expect(against[0]).toMatch(/^(boundaries\/dependencies|no-restricted-imports): /);
    expect(await lintImport(file, allowed)).toEqual([]);
  });
});
