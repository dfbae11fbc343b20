import QRCode from 'qrcode';

/** A deposit address's QR code as SVG (medium error correction: a code on a phone's screen survives glare and scuffs). */
export function qrSvg(text: string): Promise<string> {
  return QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 2, color: { dark: '#000000', light: '#ffffff' } });
}

/** The same code as a `data:` URL, for an `<img src>`. */
export async function qrDataUrl(text: string): Promise<string> {
  return `data:image/svg+xml;base64,${Buffer.from(await qrSvg(text)).toString('base64')}`;
}
