import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const web = resolve(import.meta.dirname, '..');
const contract = resolve(web, '../../contract/src');

/** Where an import that the start-up code makes statically leads, if it is the app's own or the contract's. */
function resolveImport(from: string, specifier: string): string | null {
  const base = specifier.startsWith('@stockyard/contract')
    ? join(contract, specifier === '@stockyard/contract' ? 'index' : specifier.slice('@stockyard/contract/'.length))
    : specifier.startsWith('.')
      ? resolve(dirname(from), specifier)
      : null;
  if (!base) return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')]) {
    if (existsSync(candidate) && /\.tsx?$/.test(candidate)) return candidate;
  }
  return null;
}

/** Every module the first screen loads before any lazy one (type-only imports and import() left out), and the packages they use. */
function startUpGraph(entry: string): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    const source = readFileSync(file, 'utf8');
    for (const match of source.matchAll(/^(?:import|export)\s+(?!type\b)[^'";]*?from\s+'([^']+)'|^import\s+'([^']+)'/gm)) {
      const specifier = (match[1] ?? match[2]) as string;
      const found = resolveImport(file, specifier);
      if (found) visit(found);
      else if (!specifier.startsWith('.') && !specifier.startsWith('@stockyard/')) packages.add(specifier);
    }
  };
  visit(entry);
  return { files, packages };
}

describe('what the app loads before its first screen', () => {
  const { files, packages } = startUpGraph(join(web, 'main.tsx'));

  it('is found by reading the imports', () => {
    expect(files.has(join(web, 'i18n/i18n.ts'))).toBe(true);
    expect(files.has(join(web, 'features/auth/pages/login-page.tsx'))).toBe(true);
  });

  it('holds no zod and no schema of the contract: they come with the screens that check a form', () => {
    expect([...packages].filter((name) => name === 'zod' || name.startsWith('zod/'))).toEqual([]);
    expect([...files].filter((file) => file.startsWith(contract) && /message-codes|index\.ts$|ledger/.test(file))).toEqual([]);
  });

  it('holds the English screen texts and no catalogue of the server’s messages: English shows those as they come', () => {
    const jsonImports = [...files].flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/^import\s+\w+\s+from\s+'([^']+\.json)'/gm)].map((match) => match[1]),
    );
    expect(jsonImports).toEqual(['./locales/en.json']);
  });
});
