/** What the file checks and upload limits say (docs/files.md), whichever route took the file. */
export const fileTexts = {
  imageTooLarge: (megapixels: number) => `The image is too large: at most ${megapixels} million pixels.`,
  imageUnreadable: 'The image could not be read: it may be damaged or cut short.',
  pdfUnreadable: 'The PDF could not be read: it may be damaged or cut short.',
  uploadsFromAddress: 'Too many files are being uploaded from your network right now. Please try again in a moment.',
} as const;
