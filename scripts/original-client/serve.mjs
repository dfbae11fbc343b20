#!/usr/bin/env node
/**
 * Serves the spec's original client (its built dist/) as https://cfds.test in front of our server, with the two
 * hosts its build hard-codes pointed at ours: ws-mt1.pusher.com (the realtime socket, /app/{key}) and
 * asset-data.surdonline.com (the price feed, /socket.io). Port 443 cannot be bound here, so this is an HTTP proxy
 * that answers CONNECT for those three hosts only and speaks TLS (a self-signed certificate made at start) inside
 * the tunnel. Start Chromium with --proxy-server=http://127.0.0.1:PROXY_PORT --ignore-certificate-errors.
 *
 *   node scripts/original-client/serve.mjs <dist folder>     (API_URL: our API, http://127.0.0.1:3001 by default)
 *
 * Everything under https://cfds.test/api/v1 goes to our API as it is; other paths are the build's files, and any
 * unknown path its index.html (a single-page app). See scripts/original-client/README.md.
 */
import { execFileSync } from 'node:child_process';
import { createReadStream, existsSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize, resolve } from 'node:path';

const dist = resolve(process.argv[2] ?? process.env.ORIGINAL_DIST ?? '');
if (!existsSync(join(dist, 'index.html'))) {
  console.error('Give the original client’s built dist/ folder (see scripts/original-client/README.md).');
  process.exit(2);
}
const api = new URL(process.env.API_URL ?? 'http://127.0.0.1:3001');
const proxyPort = Number(process.env.PROXY_PORT ?? 8443);
const hosts = { app: 'cfds.test', realtime: 'ws-mt1.pusher.com', feed: 'asset-data.surdonline.com' };

/** A certificate for the three hosts, made now with openssl (Chromium is told to accept it). */
function selfSigned() {
  const dir = mkdtempSync(join(tmpdir(), 'original-client-tls-'));
  const names = Object.values(hosts)
    .map((host) => `DNS:${host}`)
    .join(',');
  const [key, cert] = [join(dir, 'key.pem'), join(dir, 'cert.pem')];
  execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '2', '-subj', `/CN=${hosts.app}`, '-addext', `subjectAltName=${names}`, '-keyout', key, '-out', cert], {
    stdio: 'ignore',
  });
  return { key: readFileSync(key), cert: readFileSync(cert) };
}

/** The request's header lines as they came (repeated headers kept), with Host our API's. */
const headerLines = (req) => {
  const lines = [];
  for (let i = 0; i < req.rawHeaders.length; i += 2) if (req.rawHeaders[i].toLowerCase() !== 'host') lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
  return [`Host: ${api.host}`, ...lines];
};

function forward(req, res) {
  const headers = { ...req.headers, host: api.host };
  const upstream = http.request({ host: api.hostname, port: api.port, method: req.method, path: req.url, headers }, (answer) => {
    res.writeHead(answer.statusCode ?? 502, answer.headers);
    answer.pipe(res);
  });
  upstream.on('error', () => {
    if (!res.headersSent) res.writeHead(502, { 'Content-Type': 'text/plain' });
    res.end('Our API did not answer.');
  });
  req.pipe(upstream);
}

/** A websocket upgrade, passed to our API byte for byte. */
function tunnel(req, socket, head) {
  const upstream = net.connect(Number(api.port), api.hostname, () => {
    upstream.write(`${req.method} ${req.url} HTTP/1.1\r\n${headerLines(req).join('\r\n')}\r\n\r\n`);
    if (head.length > 0) upstream.write(head);
    socket.pipe(upstream).pipe(socket);
  });
  upstream.on('error', () => socket.destroy());
  socket.on('error', () => upstream.destroy());
}

const types = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.mp3': 'audio/mpeg',
};

function file(req, res) {
  const path = normalize(join(dist, decodeURIComponent(new URL(req.url, 'https://x').pathname)));
  const found = path.startsWith(dist) && existsSync(path) && statSync(path).isFile() ? path : join(dist, 'index.html');
  res.writeHead(200, { 'Content-Type': types[extname(found)] ?? 'application/octet-stream' });
  createReadStream(found).pipe(res);
}

const site = https.createServer(selfSigned(), (req, res) => {
  const host = (req.headers.host ?? '').split(':')[0];
  if (host === hosts.app && !req.url.startsWith('/api/')) return file(req, res);
  if (host === hosts.app || host === hosts.feed) return forward(req, res);
  res.writeHead(404).end();
});
site.on('upgrade', (req, socket, head) => {
  const host = (req.headers.host ?? '').split(':')[0];
  const ours = (host === hosts.realtime && req.url.startsWith('/app/')) || (host === hosts.feed && req.url.startsWith('/socket.io'));
  if (ours) return tunnel(req, socket, head);
  socket.destroy();
});

const proxy = http.createServer((_req, res) => res.writeHead(405).end('CONNECT only'));
proxy.on('connect', (req, socket, head) => {
  const [host, port] = (req.url ?? '').split(':');
  if (!Object.values(hosts).includes(host) || port !== '443') return socket.end('HTTP/1.1 403 Forbidden\r\n\r\n');
  socket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
  if (head.length > 0) socket.unshift(head);
  site.emit('connection', socket);
});
proxy.listen(proxyPort, '127.0.0.1', () => console.log(`https://${hosts.app} through http://127.0.0.1:${proxyPort} (CONNECT), API ${api.origin}`));
