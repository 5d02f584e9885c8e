import { expect } from 'vitest';

/** A catalogue import through the shop's own route, as an owner sends it: JSON products or a CSV sheet. */
export async function importCatalog(base: string, adminToken: string, body: string, contentType: string): Promise<void> {
  const reply = await fetch(`${base}/api/catalog/import`, { method: 'POST', headers: { 'content-type': contentType, 'x-admin-token': adminToken }, body });
  expect(reply.status, await reply.clone().text()).toBe(200);
}

export const CSV = 'text/csv; charset=utf-8';
