import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../ui/modal';
import { SCAN_FORMATS, scannedCode, type DetectedBarcode } from './scanned-code';

/** The Barcode Detection API (Chromium on Android, ChromeOS, macOS); TypeScript's DOM types do not have it yet. */
interface BarcodeDetectorLike {
  detect(source: HTMLVideoElement): Promise<DetectedBarcode[]>;
}
interface BarcodeDetectorClass {
  new (options?: { formats?: string[] }): BarcodeDetectorLike;
  getSupportedFormats?: () => Promise<string[]>;
}

const detectorClass = (): BarcodeDetectorClass | undefined =>
  typeof window === 'undefined' ? undefined : (window as unknown as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;

/** How often a frame is read while nothing has been found. */
const FRAME_MS = 150;

/**
 * "Scan": where the browser has the Barcode Detection API, reads an EAN-13 or a SKU barcode with the
 * camera and hands the code over; where it has not, there is no button at all.
 */
export function ScanButton({ onCode }: { onCode: (code: string) => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [Detector] = useState(detectorClass);
  if (!Detector) return null;
  return (
    <>
      <button type="button" className="button button-secondary pad-scan" onClick={() => setOpen(true)}>
        {t('quickOrderScan')}
      </button>
      <Modal title={t('quickOrderScanTitle')} open={open} onClose={() => setOpen(false)} className="scan-dialog">
        <Scanner
          Detector={Detector}
          onCode={(code) => {
            setOpen(false);
            onCode(code);
          }}
        />
      </Modal>
    </>
  );
}

/** The camera view while the dialog is open; the camera stops when it closes. */
function Scanner({ Detector, onCode }: { Detector: BarcodeDetectorClass; onCode: (code: string) => void }) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const handOver = useRef(onCode);
  useEffect(() => {
    handOver.current = onCode;
  }, [onCode]);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer = 0;
    const start = async () => {
      const supported = (await Detector.getSupportedFormats?.()) ?? SCAN_FORMATS;
      const detector = new Detector({ formats: SCAN_FORMATS.filter((f) => supported.includes(f)) });
      stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
      const element = video.current;
      if (stopped || !element) return;
      element.srcObject = stream;
      await element.play().catch(() => undefined);
      const read = async () => {
        if (stopped) return;
        // A frame that is not ready yet is read again on the next tick.
        const found = await detector.detect(element).catch(() => []);
        const code = found.map(scannedCode).find((c) => c !== null);
        if (code && !stopped) {
          stopped = true;
          return handOver.current(code);
        }
        timer = window.setTimeout(() => void read(), FRAME_MS);
      };
      void read();
    };
    start().catch((reason: unknown) => !stopped && setError(reason instanceof Error ? reason.message : String(reason)));
    return () => {
      stopped = true;
      window.clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, [Detector]);
  return (
    <div className="scanner">
      <p>{t('quickOrderScanHint')}</p>
      <video ref={video} className="scanner-video" muted playsInline />
      {error && (
        <p className="field-error" role="alert">
          {t('quickOrderScanFailed', { reason: error })}
        </p>
      )}
    </div>
  );
}
