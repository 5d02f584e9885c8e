import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { packBackup, parseBackupHeader, readBackupFile } from './backup-file';

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

async function written(bytes: Buffer): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'backup-file-'));
  dirs.push(dir);
  const file = path.join(dir, 'shop.backup');
  await writeFile(file, bytes);
  return file;
}

describe('backup file', () => {
  it('reads back what it packed: the header and the gzipped payload', async () => {
    const packed = await packBackup(new Blob(['a tarball stands here']), new Date('2026-11-29T03:15:00.000Z'));
    const { header, payload } = await readBackupFile(await written(Buffer.concat(packed.parts)));
    expect(header).toMatchObject({ format: 'fixings-shop-backup', version: 1, created_at: '2026-11-29T03:15:00.000Z', bytes: payload.length });
    expect(payload.subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
  });

  it('tells a newer format, a foreign file and a changed header apart', async () => {
    const packed = await packBackup(new Blob(['x']));
    const line = (header: Record<string, unknown>) => Buffer.from(`${JSON.stringify(header)}\n`);
    expect(() => parseBackupHeader(line({ ...packed.header, version: 2 }), 'F')).toThrow('F was made by a newer version of the shop (backup format 2)');
    expect(() => parseBackupHeader(Buffer.from('PK\x03\x04 a zip file'), 'F')).toThrow('F is not a backup of this shop');
    expect(() => parseBackupHeader(line({ ...packed.header, bytes: -1 }), 'F')).toThrow('F is not a backup of this shop');
    const longer = await written(Buffer.concat([...packed.parts, Buffer.from('more')]));
    await expect(readBackupFile(longer)).rejects.toThrow('has 4 bytes more than its header says');
  });
});
