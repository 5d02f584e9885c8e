import JsBarcode from 'jsbarcode';
import { useLayoutEffect, useRef } from 'react';

/** The order number as a Code 128 barcode (SVG, sharp in print), with the number written under it. */
export function OrderBarcode({ value }: { value: string }) {
  const svg = useRef<SVGSVGElement>(null);
  useLayoutEffect(() => {
    if (svg.current) JsBarcode(svg.current, value, { format: 'CODE128', height: 60, width: 2, fontSize: 16, margin: 0 });
  }, [value]);
  return <svg ref={svg} role="img" aria-label={`Barcode of order ${value}`} className="barcode" />;
}
