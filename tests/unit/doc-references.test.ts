import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import GithubSlugger from 'github-slugger';
import { describe, expect, it } from 'vitest';

/**
 * Every `docs/<file>.md#anchor` a comment or a document cites names a file that exists and a heading in it, with
 * the anchor GitHub gives that heading (github-slugger: lower-case, spaces to '-', punctuation dropped, '-1' for a
 * repeat). In docs/, a sibling is cited by its name alone (`funding.md#withdrawals`) and README.md as
 * `../README.md#…`; the code and README.md cite `docs/…` and `README.md#…`.
 */
const root = join(import.meta.dirname, '..', '..');
const codeFolders = ['server', 'client', 'shared', 'views', 'scripts', 'tests', 'bench'];
const codeFile = /\.(ts|tsx|mjs|js|css|scss)$/;
const skipped = new Set(['node_modules', 'dist', 'migrations']);

function filesUnder(folder: string, pattern: RegExp): string[] {
  return readdirSync(join(root, folder), { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return skipped.has(entry.name) ? [] : filesUnder(path, pattern);
    return pattern.test(entry.name) ? [path] : [];
  });
}

/** The anchors of a Markdown file: its headings as GitHub slugs them (outside code fences), and any `<a id>`/`<a name>`. */
function anchorsOf(markdown: string): Set<string> {
  const slugger = new GithubSlugger();
  const anchors = new Set<string>();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    if (fenced) continue;
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)?.[1];
    // GitHub slugs the heading's text: a link counts by its words, not its address.
    if (heading !== undefined) anchors.add(slugger.slug(heading.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')));
    for (const [, id] of line.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(id!);
  }
  return anchors;
}

interface Reference {
  from: string;
  line: number;
  text: string;
  /** The cited file, relative to the repository. */
  file: string;
  anchor: string | undefined;
}

/** The references a file makes: `docs/<file>.md#<anchor>` anywhere; in docs/ also `x.md#a` and `../README.md#a`. */
function referencesIn(from: string): Reference[] {
  const inDocs = from.startsWith('docs/');
  const pattern = inDocs ? /(?<![\w/.-])((?:\.\.\/|docs\/)?[\w-]+\.md)(?:#([\w-]+))?/g : /(?<![\w/.-])((?:docs\/[\w-]+|README)\.md)(?:#([\w-]+))?/g;
  return readFileSync(join(root, from), 'utf8')
    .split('\n')
    .flatMap((text, index) =>
      [...text.matchAll(pattern)].map(([whole, cited, anchor]) => ({
        from,
        line: index + 1,
        text: whole,
        file: inDocs && !cited!.startsWith('docs/') ? normalize(join(dirname(from), cited!)) : cited!,
        anchor,
      })),
    );
}

const sources = [...codeFolders.flatMap((folder) => filesUnder(folder, codeFile)), ...filesUnder('docs', /\.md$/), 'README.md'];
const references = sources.flatMap(referencesIn);
const anchorsByFile = new Map<string, Set<string>>();
function anchorsIn(file: string): Set<string> | undefined {
  if (!existsSync(join(root, file))) return undefined;
  if (!anchorsByFile.has(file)) anchorsByFile.set(file, anchorsOf(readFileSync(join(root, file), 'utf8')));
  return anchorsByFile.get(file);
}

/** What is wrong with a reference, or undefined when it holds. */
function fault(reference: Reference): string | undefined {
  const anchors = anchorsIn(reference.file);
  if (!anchors) return `${relative(root, join(root, reference.file))} does not exist`;
  if (reference.anchor !== undefined && !anchors.has(reference.anchor)) return `${reference.file} has no heading #${reference.anchor}`;
  return undefined;
}

describe('references to docs/', () => {
  it('when the code and the docs cite docs/…md#anchor, then the file and the heading exist', () => {
    expect(references.filter((reference) => reference.anchor !== undefined).length).toBeGreaterThan(100);
    const broken = references.flatMap((reference) => {
      const problem = fault(reference);
      return problem ? [`${reference.from}:${reference.line} ${reference.text}: ${problem}`] : [];
    });
    expect(broken).toEqual([]);
  });

  it('when a heading is cited, then its anchor is the one GitHub makes', () => {
    const anchors = anchorsOf("# Funding: deposits, withdrawals\n## The original client's calls\n```\n# not a heading\n```\n## Faults\n## Faults\n### `POST /x` and [links](y.md)\n");
    expect([...anchors]).toEqual(['funding-deposits-withdrawals', 'the-original-clients-calls', 'faults', 'faults-1', 'post-x-and-links']);
  });
});
