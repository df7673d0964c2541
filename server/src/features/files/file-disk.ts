import { chmod, mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** Where a file's bytes lie under FILES_DIR: by their hash, in a folder per first two hex digits. */
function pathOf(dir: string, sha256: string): string {
  return join(dir, sha256.slice(0, 2), sha256);
}

const prepared = new Set<string>();

/** FILES_DIR, made readable by this server's user alone, whatever it was before. */
async function prepare(dir: string): Promise<void> {
  if (prepared.has(dir)) return;
  await mkdir(dir, { recursive: true, mode: 0o700 });
  await chmod(dir, 0o700);
  prepared.add(dir);
}

/** Writes the bytes once under their hash: whole or not at all (a temporary name, then a rename). */
export async function keepOnDisk(dir: string, sha256: string, bytes: Buffer): Promise<void> {
  await prepare(dir);
  const path = pathOf(dir, sha256);
  const isKept = await stat(path).then(
    (found) => found.size === bytes.length,
    () => false,
  );
  if (isKept) return;
  await mkdir(join(dir, sha256.slice(0, 2)), { recursive: true, mode: 0o700 });
  const partial = `${path}.${process.pid}.${Date.now()}.partial`;
  await writeFile(partial, bytes, { mode: 0o600, flush: true });
  await rename(partial, path);
}

export function readFromDisk(dir: string, sha256: string): Promise<Buffer> {
  return readFile(pathOf(dir, sha256));
}
