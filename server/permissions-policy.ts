import type { RequestHandler } from 'express';

/**
 * The browser features our pages may use, and nothing else (nor any frame they embed): the KYC camera
 * (verification-camera.tsx), copy buttons (clipboard-write), the order and notification sounds (autoplay)
 * and fullscreen charts; every other powerful feature is off. One value for every tier that serves pages.
 * Only features Chromium recognises are named: an unknown one ('bluetooth', 'web-share' on desktop Linux) is
 * reported as a header error on every page (trade-room-first-paint.spec fails on it).
 */
const allowedToSelf = ['autoplay', 'camera', 'clipboard-write', 'fullscreen'];
const off = [
  'accelerometer',
  'browsing-topics',
  'clipboard-read',
  'display-capture',
  'encrypted-media',
  'geolocation',
  'gyroscope',
  'hid',
  'idle-detection',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'picture-in-picture',
  'publickey-credentials-get',
  'screen-wake-lock',
  'serial',
  'usb',
  'xr-spatial-tracking',
];

export const permissionsPolicy = [...allowedToSelf.map((feature) => `${feature}=(self)`), ...off.map((feature) => `${feature}=()`)].join(', ');

export const permissionsPolicyHeader: RequestHandler = (_req, res, next) => {
  res.setHeader('Permissions-Policy', permissionsPolicy);
  next();
};
