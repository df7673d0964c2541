import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const serverSource = join(root, 'server', 'src');

function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((entry) => {
    const path = join(folder, entry);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return path.endsWith('.ts') && !path.endsWith('.test.ts') ? [path] : [];
  });
}

/**
 * Text a person reads, written in place: a refusal's message, or an answer's `message`. Each must be
 * a code of the contract (a constant or a template function), which every language translates.
 */
const LITERAL_MESSAGES = [
  // A refusal's text, or either text of a choice between two.
  /new AppError\(\s*'[a-z_]+',[^;]*?['`"][A-Z]/g,
  // An answer's message that is, or may be, written in place ('OK' of a plain read aside).
  /\bmessage: (?!'OK')[^,;{}]*?['`"][A-Z]/g,
];

describe('server messages', () => {
  it('come from the contract, never written in place in a service, route or lib file', () => {
    const found: string[] = [];
    // server/src/db raises only internal errors, which the error handler answers as SERVER_FAILED.
    for (const file of sourceFiles(serverSource).filter((path) => !path.startsWith(join(serverSource, 'db')))) {
      const text = readFileSync(file, 'utf8');
      for (const pattern of LITERAL_MESSAGES) {
        for (const match of text.matchAll(pattern)) {
          const line = text.slice(0, match.index).split('\n').length;
          found.push(`${relative(root, file)}:${line}`);
        }
      }
    }
    expect(found).toEqual([]);
  });
});
