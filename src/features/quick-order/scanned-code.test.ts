import { describe, expect, it } from 'vitest';
import { scannedCode } from './scanned-code';

describe('scannedCode', () => {
  it('takes an EAN-13 only with a valid check digit', () => {
    expect(scannedCode({ format: 'ean_13', rawValue: '5012345678900' })).toBe('5012345678900');
    expect(scannedCode({ format: 'ean_13', rawValue: '5012345678901' })).toBeNull();
  });

  it('reads a UPC-A as its EAN-13, and a SKU barcode as its text', () => {
    expect(scannedCode({ format: 'upc_a', rawValue: '036000291452' })).toBe('0036000291452');
    expect(scannedCode({ format: 'upc_a', rawValue: '036000291453' })).toBeNull();
    expect(scannedCode({ format: 'code_128', rawValue: ' TB-M10-100-Z ' })).toBe('TB-M10-100-Z');
    expect(scannedCode({ format: 'qr_code', rawValue: '   ' })).toBeNull();
  });
});
