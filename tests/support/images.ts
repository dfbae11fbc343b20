import sharp from 'sharp';

/** Whether two images show the same pixels: images are re-encoded when they are taken (docs/files.md#what-is-taken), so their bytes differ. */
export async function samePicture(a: Buffer, b: Buffer): Promise<boolean> {
  const [x, y] = await Promise.all([a, b].map((bytes) => sharp(bytes).ensureAlpha().raw().toBuffer({ resolveWithObject: true })));
  return x!.info.width === y!.info.width && x!.info.height === y!.info.height && x!.data.equals(y!.data);
}
