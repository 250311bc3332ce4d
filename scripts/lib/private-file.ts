/**
 * Files that hold every lead (exports, backups), written so that no one else reads them and no
 * one finds half of one:
 * - created 0600 whatever the umask, under a temporary name nobody can have planted (O_EXCL: a
 *   file already there is an error, never reused);
 * - every write checked (a full disk is an error, not a file cut mid-row), flushed to disk
 *   (fsync) before the file takes its final name;
 * - the final name is taken with link(), which fails if that name exists: never an overwrite;
 * - on any failure the temporary file is removed, and the error is thrown.
 */
import { randomBytes } from 'node:crypto';
import { constants, existsSync } from 'node:fs';
import { type FileHandle, link, open, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

const PRIVATE = 0o600;

export class PrivateFileError extends Error {
  override name = 'PrivateFileError';
}

/** Why `file` cannot be written as a new file, if it cannot (said before any work is done). */
export function newFileProblem(file: string): string | undefined {
  if (existsSync(file)) return `${file} already exists: it is never overwritten. Choose a new name.`;
  if (!existsSync(dirname(file))) return `No folder ${dirname(file)}: create it first.`;
  return undefined;
}

/** `<folder>/.<name>.<random>.partial`: hidden, and a name no other process can guess. */
const temporaryName = (file: string) => join(dirname(file), `.${basename(file)}.${randomBytes(6).toString('hex')}.partial`);

/**
 * Creates `file` with what `fill` writes into the temporary file (given its path and an open
 * handle). Throws PrivateFileError when `file` already exists, or the error that stopped it.
 */
export async function writePrivateFile(file: string, fill: (handle: FileHandle, path: string) => Promise<void>): Promise<void> {
  const temporary = temporaryName(file);
  // O_EXCL: fails on anything already there, a symbolic link included; 0600 from creation on.
  const handle = await open(temporary, constants.O_CREAT | constants.O_EXCL | constants.O_WRONLY, PRIVATE);
  try {
    // A umask can only take bits away; this makes it exactly 0600 even under umask 0277.
    await handle.chmod(PRIVATE);
    await fill(handle, temporary);
    await handle.sync();
  } catch (error) {
    await handle.close().catch(() => undefined);
    await rm(temporary, { force: true });
    throw error;
  }
  await handle.close();
  try {
    await link(temporary, file);
  } catch (error) {
    // Created meanwhile by someone else.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw new PrivateFileError(newFileProblem(file)!);
    throw error;
  } finally {
    await rm(temporary, { force: true });
  }
  // The new name itself on disk, not only the data.
  const folder = await open(dirname(file), constants.O_RDONLY);
  try {
    await folder.sync();
  } finally {
    await folder.close();
  }
}
