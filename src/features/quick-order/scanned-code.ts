import { isEan13 } from '../../../schemas/catalog/ean';

/** A barcode as the Barcode Detection API reports it. */
export interface DetectedBarcode {
  rawValue: string;
  format: string;
}

/** The formats worth asking for: retail codes on boxes, and the 1D and 2D codes a merchant prints SKUs in. */
export const SCAN_FORMATS = ['ean_13', 'upc_a', 'ean_8', 'code_128', 'code_39', 'code_93', 'itf', 'codabar', 'qr_code', 'data_matrix'];

/**
 * The code a read barcode puts on the pad: an EAN-13 only with a valid check digit (a misread one
 * is skipped, the camera reads again), a UPC-A as the EAN-13 it is (a leading 0), anything else (a
 * SKU in Code 128 or a QR code) as its trimmed text. Null for nothing usable.
 */
export function scannedCode(barcode: DetectedBarcode): string | null {
  const raw = barcode.rawValue.trim();
  if (raw === '') return null;
  if (barcode.format === 'ean_13') return isEan13(raw) ? raw : null;
  if (barcode.format === 'upc_a') return isEan13(`0${raw}`) ? `0${raw}` : null;
  return raw;
}
