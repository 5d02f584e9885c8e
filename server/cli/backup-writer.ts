import { existsSync } from 'node:fs';
import { link, open, rename, rm, unlink } from 'node:fs/promises';
import path from 'node:path';
import { NotABackupError, readBackupFile, type BackupHeader } from '../db/backup-file';
import { byteProgress } from './byte-progress';

export interface WrittenBackup {
  file: string;
  header: BackupHeader;
  bytes: number;
  ms: number;
}

/** Refuses before any work when FILE is there and may not be replaced, or its folder is missing. */
export function checkBackupTarget(file: string, force: boolean): void {
  const target = path.resolve(file);
  if (!existsSync(path.dirname(target))) throw new Error(`The folder ${path.dirname(target)} does not exist: create it first`);
  if (!force && existsSync(target)) throw new Error(`${file} already exists: choose another name, or add --force to replace it`);
}

/**
 * Writes a backup's bytes to FILE. They go to a hidden file beside it first, which is synced to disk,
 * read back and checked as a restore would check it (complete, its checksum right), and only then
 * given FILE's name: an interrupted or damaged copy never appears under the final name, and a cron
 * job's earlier backup of that name stays until a good one replaces it.
 */
export async function writeBackupFile(file: string, chunks: AsyncIterable<Uint8Array>, force: boolean, total?: number): Promise<WrittenBackup> {
  checkBackupTarget(file, force);
  const target = path.resolve(file);
  const temp = path.join(path.dirname(target), `.${path.basename(target)}.partial-${process.pid}`);
  // Ctrl-C or a stopping cron job: no partial file left behind.
  const onSignal = () => {
    void rm(temp, { force: true }).finally(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  // 0600: a backup holds customers' password digests and the shop's signing secret.
  const handle = await open(temp, 'wx', 0o600);
  let handleOpen = true;
  try {
    const progress = byteProgress(`Writing ${file}`, total);
    for await (const chunk of chunks) {
      await handle.write(chunk);
      progress.add(chunk.length);
    }
    await handle.sync();
    handleOpen = false;
    await handle.close();
    const { bytes, ms } = progress.end();
    const { header } = await readBackupFile(temp).catch((error: unknown) => {
      throw error instanceof NotABackupError ? new Error(`The backup arrived incomplete or damaged, so ${file} was not written (${error.message.replace(temp, 'the copy')})`, { cause: error }) : error;
    });
    await giveName(temp, target, force);
    return { file: target, header, bytes, ms };
  } catch (error) {
    if (handleOpen) await handle.close().catch(() => undefined);
    await rm(temp, { force: true });
    throw error;
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}

/** Without --force a hard link, which fails rather than replace a file that appeared meanwhile. */
async function giveName(temp: string, target: string, force: boolean): Promise<void> {
  if (force) return rename(temp, target);
  try {
    await link(temp, target);
    await unlink(temp);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') throw new Error(`${target} appeared while the backup was written: choose another name, or add --force to replace it`, { cause: error });
    // File systems without hard links (some network shares): checked just before, then renamed.
    if (existsSync(target)) throw error;
    await rename(temp, target);
  }
}
