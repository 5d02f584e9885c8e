import { EventEmitter } from 'node:events';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { RememberedAnswers } from './remembered-answers';

/** A render's reads: a fresh query cache each time, as the server makes one per page. */
function setUp() {
  const changes = new EventEmitter();
  const remembered = new RememberedAnswers(changes);
  const calls: string[] = [];
  const read = (client: QueryClient, name: string) =>
    client.ensureQueryData({
      queryKey: ['read', name],
      queryFn: () => {
        calls.push(name);
        if (name === 'failing') throw new Error('refused');
        return { name, at: calls.length };
      },
      retry: false,
    });
  const render = async (names: string[], during?: () => void) => {
    const client = new QueryClient();
    const loading = remembered.answer(client);
    const answers = await Promise.all(names.map((name) => read(client, name).catch(() => undefined)));
    during?.();
    loading.done();
    loading.keep();
    return { client, answers };
  };
  return { changes, remembered, calls, render, read };
}

describe('RememberedAnswers', () => {
  it("answers a later render's loaders from an earlier render's settled answers, with the later render's time", async () => {
    const { render, calls, remembered } = setUp();
    const first = await render(['tree', 'tax']);
    const before = Date.now();
    const second = await render(['tree', 'tax', 'product']);
    expect(calls).toEqual(['tree', 'tax', 'product']);
    expect(second.answers.slice(0, 2)).toEqual(first.answers);
    expect(second.client.getQueryState(['read', 'tree'])?.dataUpdatedAt).toBeGreaterThanOrEqual(before);
    expect(remembered.size).toBe(3);
  });

  it('forgets everything when the catalogue changes', async () => {
    const { render, calls, changes } = setUp();
    await render(['tree']);
    changes.emit('change', { entities: ['category'], seq: 2 });
    await render(['tree']);
    expect(calls).toEqual(['tree', 'tree']);
  });

  it('keeps nothing read by a render that began before a change', async () => {
    const { render, calls, changes } = setUp();
    await render(['tree'], () => changes.emit('change', { entities: ['category'], seq: 2 }));
    await render(['tree']);
    expect(calls).toEqual(['tree', 'tree']);
  });

  it('keeps no failed read, and answers no read made after the loaders are done', async () => {
    const { render, read, calls, remembered } = setUp();
    await render(['failing', 'tree']);
    await render(['failing']);
    expect(calls).toEqual(['failing', 'tree', 'failing']);
    expect(remembered.size).toBe(1);
    const client = new QueryClient();
    remembered.answer(client).done();
    await read(client, 'tree');
    expect(calls.at(-1)).toBe('tree');
  });

  it('freezes what it keeps outside production, so a render that changes a shared answer fails at once', async () => {
    const { render } = setUp();
    const { answers } = await render(['tree']);
    expect(Object.isFrozen(answers[0])).toBe(true);
  });
});
