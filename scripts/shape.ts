/**
 * The code's shape, for before/after comparisons of refactors: the largest functions, and the query
 * sites outside `server/trading/db/` (calls of select/insert/update/delete/execute on a database
 * handle). Run: `npx tsx scripts/shape.ts [root] [--top N]`.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

const args = process.argv.slice(2);
const topAt = args.indexOf('--top');
const top = topAt >= 0 ? Number(args[topAt + 1]) : 15;
const root = args.find((a, i) => !a.startsWith('--') && args[i - 1] !== '--top') ?? process.cwd();
const folders = ['server', 'client', 'shared', 'views'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' || name === 'migrations' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

const queryMethods = new Set(['select', 'selectDistinct', 'insert', 'update', 'delete', 'execute']);
/** A drizzle handle: `db`, `tx`, `executor`, or anything ending in `.db` (e.g. `database.db`). */
const isDbHandle = (text: string) => /(^|\.)(db|tx|executor)$/.test(text);

function nameOf(node: ts.Node): string {
  const named = node as { name?: ts.Node };
  if (named.name && ts.isIdentifier(named.name)) return named.name.text;
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) && ts.isIdentifier(parent.name)) return parent.name.text;
  if (ts.isPropertyAssignment(parent) && ts.isIdentifier(parent.name)) return parent.name.text;
  if (ts.isCallExpression(parent)) {
    const callee = parent.expression.getText().slice(0, 40);
    const first = parent.arguments[0];
    return `${callee}(${first && ts.isStringLiteralLike(first) ? `'${first.text}'` : '…'})`;
  }
  return '(anonymous)';
}

const functions: { lines: number; where: string; name: string }[] = [];
const queries = new Map<string, number>();

for (const file of folders.flatMap((f) => sourceFiles(join(root, f)))) {
  const rel = relative(root, file);
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const lineOf = (pos: number) => source.getLineAndCharacterOfPosition(pos).line + 1;
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node) || ts.isArrowFunction(node) || ts.isFunctionExpression(node) || ts.isConstructorDeclaration(node)) {
      const start = lineOf(node.getStart(source));
      functions.push({ lines: lineOf(node.getEnd()) - start + 1, where: `${rel}:${start}`, name: nameOf(node) });
    }
    if (!rel.startsWith('server/trading/db/') && ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const { name, expression } = node.expression;
      if (queryMethods.has(name.text) && isDbHandle(expression.getText(source))) queries.set(rel, (queries.get(rel) ?? 0) + 1);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
}

functions.sort((a, b) => b.lines - a.lines);
console.log(`Largest functions (lines) in ${folders.join(', ')}:`);
for (const f of functions.slice(0, top)) console.log(`  ${String(f.lines).padStart(4)}  ${f.name}  ${f.where}`);
const over = (n: number) => functions.filter((f) => f.lines > n).length;
console.log(`  functions over 50 lines: ${over(50)}, over 80: ${over(80)}, over 120: ${over(120)}`);

const total = [...queries.values()].reduce((a, b) => a + b, 0);
console.log(`\nQuery sites outside server/trading/db/: ${total} in ${queries.size} files`);
for (const [file, n] of [...queries].sort((a, b) => b[1] - a[1])) console.log(`  ${String(n).padStart(4)}  ${file}`);
