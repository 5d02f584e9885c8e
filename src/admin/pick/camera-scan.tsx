import { useEffect, useRef, useState } from 'react';

interface DetectedBarcode {
  rawValue: string;
}
interface BarcodeDetectorLike {
  detect(source: HTMLVideoElement): Promise<DetectedBarcode[]>;
}
type BarcodeDetectorClass = new (options?: { formats?: string[] }) => BarcodeDetectorLike;

const detectorClass = (): BarcodeDetectorClass | undefined => (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;

/** The same code seen again within this time is the same box still in view, not a second unit. */
const REPEAT_MS = 1500;

/** The tablet's camera as a scanner, where the browser has BarcodeDetector; nothing otherwise. */
export function CameraScan({ onCode }: { onCode: (code: string) => void }) {
  const [on, setOn] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const video = useRef<HTMLVideoElement>(null);
  const report = useRef(onCode);
  useEffect(() => {
    report.current = onCode;
  }, [onCode]);
  const Detector = detectorClass();

  useEffect(() => {
    if (!on || !Detector) return;
    let stream: MediaStream | undefined;
    let frame = 0;
    let last = { code: '', at: 0 };
    let stopped = false;
    const detector = new Detector({ formats: ['ean_13', 'ean_8', 'code_128', 'upc_a'] });
    const look = async () => {
      if (stopped || !video.current) return;
      try {
        const [found] = await detector.detect(video.current);
        const now = Date.now();
        if (found && (found.rawValue !== last.code || now - last.at > REPEAT_MS)) {
          last = { code: found.rawValue, at: now };
          report.current(found.rawValue);
        }
      } catch {
        // A frame that could not be read: try the next one.
      }
      frame = requestAnimationFrame(() => void look());
    };
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'environment' } })
      .then(async (s) => {
        stream = s;
        if (!video.current || stopped) return;
        video.current.srcObject = s;
        await video.current.play();
        void look();
      })
      .catch(() => setProblem('The camera could not be opened: use the scanner or type the code.'));
    return () => {
      stopped = true;
      cancelAnimationFrame(frame);
      stream?.getTracks().forEach((t) => t.stop());
    };
  }, [on, Detector]);

  if (!Detector) return null;
  return (
    <div className="camera">
      <button type="button" aria-pressed={on} onClick={() => setOn(!on)}>
        {on ? 'Stop the camera' : 'Scan with the camera'}
      </button>
      {on && <video ref={video} muted playsInline aria-label="Camera view for scanning" />}
      {problem && <p role="alert">{problem}</p>}
    </div>
  );
}
