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

/**
 * Every module the first screen loads before any lazy one (type-only imports left out), and the packages
 * they use; with `beforeSignIn`, also what the login loads lazily (but not the screens past sign-in).
 */
function startUpGraph(entry: string, beforeSignIn = false): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    const source = readFileSync(file, 'utf8');
    const lazy = beforeSignIn && !file.endsWith('app/screens.tsx') ? [...source.matchAll(/import\('([^']+)'\)/g)] : [];
    for (const match of [...source.matchAll(/^(?:import|export)\s+(?!type\b)[^'";]*?from\s+'([^']+)'|^import\s+'([^']+)'/gm), ...lazy]) {
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

  it('holds the English texts of the screens before sign-in and no catalogue of the server’s messages: English shows those as they come', () => {
    const jsonImports = [...files].flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/^import\s+\w+\s+from\s+'([^']+\.json)'/gm)].map((match) => match[1]),
    );
    expect(jsonImports).toEqual(['./locales/start/en.json']);
  });

  it('finds every text the screens before sign-in ask for among the texts that come with the app', () => {
    const start = JSON.parse(readFileSync(join(web, 'i18n/locales/start/en.json'), 'utf8')) as Record<string, Record<string, unknown>>;
    const asked = [...startUpGraph(join(web, 'main.tsx'), true).files].flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/\bt\(\s*'([a-zA-Z]+)\.([\w.]+)'/g)].map((match): [string, string] => [
        match[1] as string,
        match[2] as string,
      ]),
    );
    expect(asked.length).toBeGreaterThan(20);
    const found = (section: string, key: string) =>
      key.split('.').reduce<unknown>((tree, part) => (tree as Record<string, unknown> | undefined)?.[part], start[section]);
    expect(asked.filter(([section, key]) => typeof found(section, key) !== 'string').map((pair) => pair.join('.'))).toEqual([]);
  });
});
