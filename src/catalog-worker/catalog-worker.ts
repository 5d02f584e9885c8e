/// <reference lib="webworker" />
import { readToWorker, type FromWorker } from '../../schemas/catalog-worker';
import { createCatalogueEngine } from './catalog-engine';

/**
 * The catalogue worker's entry: a SharedWorker (one for all the shop's tabs) where the browser has
 * them, else a dedicated Worker of one tab. Each page talks to it over a port; see
 * catalog-engine.ts for what it holds and schemas/catalog-worker.ts for the messages.
 */
declare const self: SharedWorkerGlobalScope | DedicatedWorkerGlobalScope;

const ports = new Set<MessagePort | DedicatedWorkerGlobalScope>();
const shared = 'onconnect' in self;
const engine = createCatalogueEngine({ shared, broadcast: (message) => ports.forEach((port) => port.postMessage(message)) });

function listen(port: MessagePort | DedicatedWorkerGlobalScope): void {
  ports.add(port);
  const reply = (message: FromWorker) => port.postMessage(message);
  port.addEventListener('message', (event: Event) => {
    const data: unknown = (event as MessageEvent).data;
    // A page that is closing says so, so the worker stops writing to a port nobody reads; a page
    // restored from the back/forward cache speaks again on the same port and is heard from then on.
    if (data === 'close') return void ports.delete(port);
    ports.add(port);
    const message = readToWorker(data);
    if (!message) return;
    // Answered here, ahead of whatever the replica is doing: the page restarts a worker that stays silent.
    if (message.kind === 'ping') return reply({ kind: 'pong', id: message.id });
    engine.receive(message, reply).catch((error: unknown) => {
      const text = error instanceof Error ? error.message : String(error);
      if ('id' in message) reply({ kind: 'failed', id: message.id, message: text });
      else reply({ kind: 'error', message: text });
    });
  });
  if ('start' in port) port.start();
}

if (shared) (self).addEventListener('connect', (event) => listen((event).ports[0]!));
else listen(self);
