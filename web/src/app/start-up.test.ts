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
 * The module that defines `name` among what `file` exports, following its re-exports (`export { name }
 * from`, an imported name passed on, `export * from`); null if it exports no such name.
 */
function definitionOf(file: string, name: string): string | null {
  const source = readFileSync(file, 'utf8');
  if (new RegExp(`^export (?:const|function|class) ${name}\\b`, 'm').test(source)) return file;
  for (const match of source.matchAll(/^export \{([^}]*)\} from '([^']+)'/gm)) {
    const found = resolveImport(file, match[2] as string);
    if (found && namesOf(`{${match[1]}}`).includes(name)) return definitionOf(found, name);
  }
  // `import { name } from '…'` and `export { name };`
  const passedOn = [...source.matchAll(/^export \{([^}]*)\};/gm)].some((match) => namesOf(`{${match[1]}}`).includes(name));
  for (const match of passedOn ? source.matchAll(/^import \{([^}]*)\} from '([^']+)'/gm) : []) {
    const found = resolveImport(file, match[2] as string);
    if (found && namesOf(`{${match[1]}}`).includes(name)) return definitionOf(found, name);
  }
  for (const match of source.matchAll(/^export \* from '([^']+)'/gm)) {
    const found = resolveImport(file, match[1] as string);
    const defined = found && definitionOf(found, name);
    if (defined) return defined;
  }
  return null;
}

/** The values (not types) an import statement's clause names: `{ a, type B, c as d }` gives a and c. */
function namesOf(clause: string): string[] {
  const braces = /\{([^}]*)\}/.exec(clause);
  if (!braces) return [];
  return (braces[1] as string)
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part && !part.startsWith('type '))
    .map((part) => part.split(/\s+as\s+/)[0] as string);
}

/**
 * Every module the first screen loads before any lazy one (type-only imports left out), and the packages
 * they use; with `beforeSignIn`, also what the login loads lazily (but not the screens past sign-in).
 * With `byName`, each name imported leads to the module that defines it, past the indexes that re-export
 * it, as the bundle takes it (neither the app nor the contract has side effects); without, to the module
 * imported and all it re-exports.
 */
function startUpGraph(entry: string, { beforeSignIn = false, byName = false } = {}): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    const source = readFileSync(file, 'utf8');
    const lazy = beforeSignIn && !file.endsWith('app/screens.tsx') ? [...source.matchAll(/import\('([^']+)'\)/g)] : [];
    for (const match of [...source.matchAll(/^(?:import|export)\s+(?!type\b)([^'";]*?)\s*from\s+'([^']+)'|^import\s+'([^']+)'/gm)]) {
      const specifier = (match[2] ?? match[3]) as string;
      const found = resolveImport(file, specifier);
      const names = byName && found ? namesOf(match[1] ?? '') : [];
      if (found && names.length) for (const name of names) visit(definitionOf(found, name) ?? found);
      else if (found) visit(found);
      else if (!specifier.startsWith('.') && !specifier.startsWith('@stockyard/')) packages.add(specifier);
    }
    for (const match of lazy) {
      const found = resolveImport(file, match[1] as string);
      if (found) visit(found);
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
    const asked = [...startUpGraph(join(web, 'main.tsx'), { beforeSignIn: true }).files].flatMap((file) =>
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

describe('what a screen loads before it draws', () => {
  const zodOf = (page: string) => {
    const { packages } = startUpGraph(join(web, page), { byName: true });
    return [...packages].filter((name) => name === 'zod' || name.startsWith('zod/'));
  };

  it('is found by following each name taken from the contract to the module that defines it', () => {
    const { files } = startUpGraph(join(web, 'features/materials/api/material-movements.ts'), { byName: true });
    expect(files.has(join(contract, 'ledger.ts'))).toBe(true);
    expect(files.has(join(contract, 'index.ts'))).toBe(false);
    expect(zodOf('features/materials/api/material-movements.ts')).toEqual(['zod']);
  });

  it('holds no zod on the screens that check no form before a dialog opens: the counts, a report, the tools out', () => {
    expect(zodOf('features/counts/pages/count-pages.ts')).toEqual([]);
    expect(zodOf('features/reports/pages/report-pages.tsx')).toEqual([]);
    expect(zodOf('features/custody/pages/custody-pages.ts')).toEqual([]);
  });
});
