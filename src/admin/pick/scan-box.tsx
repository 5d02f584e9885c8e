import { useRef, useState, type KeyboardEvent } from 'react';
import type { AdminOrder } from '../orders/admin-order';
import { statusNow } from '../orders/order-status-now';
import { useAdmin, useDevice } from '../views/admin-context';
import { CameraScan } from './camera-scan';
import { scanOne } from './scan-pick';

type Said = { ok: boolean; text: string } | null;

/** A refusal is loud: a buzz where the tablet can, and a low tone. */
function alarm(): void {
  navigator.vibrate?.([200, 100, 200]);
  try {
    const audio = new AudioContext();
    const tone = audio.createOscillator();
    tone.frequency.value = 220;
    tone.connect(audio.destination);
    tone.start();
    tone.stop(audio.currentTime + 0.4);
  } catch {
    // No sound here: the message on screen still says it.
  }
}

/**
 * Scan to pick: a USB or Bluetooth scanner types the code and Enter into this field (it keeps the
 * focus between scans); a camera is offered where the browser has BarcodeDetector. Each scan ticks
 * one unit, queued and sent to the server so every tablet sees it; a wrong item, one too many or a scan
 * once the order is shipped or cancelled (here, or queued to be) is refused on screen, out loud for
 * screen readers, and with a buzz and tone.
 */
export function ScanBox({ order }: { order: AdminOrder }) {
  const device = useDevice();
  const { sync } = useAdmin();
  const input = useRef<HTMLInputElement>(null);
  const [said, setSaid] = useState<Said>(null);

  const scan = async (code: string) => {
    if (code.trim() === '') return;
    const result = scanOne(order.items, (sku) => device.picked(order.order_id, sku), code, statusNow(order, device.changes()));
    if (!result.ok) {
      setSaid({ ok: false, text: result.message });
      alarm();
      return;
    }
    // Queued with its own Idempotency-Key like a status change: counted once on the server, offline or not.
    await device.queueTick(order, { sku: result.sku, quantity: 1 });
    sync.kick();
    setSaid({ ok: true, text: `Picked ${result.sku}: ${result.picked} of ${result.of}` });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    const code = event.currentTarget.value;
    event.currentTarget.value = '';
    void scan(code);
  };

  return (
    <section className="scan no-print" aria-labelledby="scan-heading">
      <h2 id="scan-heading">Scan to pick</h2>
      <label htmlFor="scan-code">Scan or type an EAN or SKU, then Enter</label>
      <input id="scan-code" ref={input} autoComplete="off" inputMode="numeric" onKeyDown={onKeyDown} />
      <CameraScan onCode={(code) => void scan(code)} />
      <p role="alert" className={said && !said.ok ? 'scan-said refusal loud' : 'scan-said'}>
        {said?.text ?? ''}
      </p>
    </section>
  );
}
