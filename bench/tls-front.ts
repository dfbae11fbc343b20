import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { selfSignedCertificate } from '../scripts/cluster/tls';
import { freePort } from './support';

/**
 * HAProxy in front of a server as a deployment has it (docs/operations.md#http2): TLS ending there, one port offering
 * HTTP/2 (ALPN h2, else HTTP/1.1) and one offering HTTP/1.1 only, so a page can be loaded both ways over the same
 * TLS. Null when HAProxy is not installed.
 */
export async function tlsFront(target: string): Promise<{ h2: string; h1: string; stop: () => void } | null> {
  if (spawnSync('haproxy', ['-v'], { stdio: 'ignore' }).status !== 0) return null;
  const dir = mkdtempSync(join(tmpdir(), 'bench-tls-'));
  const { pem } = selfSignedCertificate(join(dir, 'tls'), '127.0.0.1');
  const [h2Port, h1Port] = [await freePort(), await freePort()];
  const config = join(dir, 'haproxy.cfg');
  writeFileSync(
    config,
    [
      'defaults',
      '    mode http',
      '    timeout connect 2s',
      '    timeout client 65s',
      '    timeout server 65s',
      '    timeout tunnel 1h',
      'frontend site',
      `    bind 127.0.0.1:${h2Port} ssl crt ${pem} alpn h2,http/1.1`,
      `    bind 127.0.0.1:${h1Port} ssl crt ${pem} alpn http/1.1`,
      '    http-request set-header X-Forwarded-Proto https',
      '    option forwardfor',
      '    default_backend app',
      'backend app',
      `    server app ${new URL(target).host}`,
      '',
    ].join('\n'),
  );
  const haproxy = spawn('haproxy', ['-db', '-f', config], { stdio: 'ignore' });
  const listening = (port: number) =>
    new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
  for (let i = 0; !(await listening(h2Port)); i += 1) {
    if (i === 40) throw new Error(`HAProxy did not listen on ${h2Port} within 4 s (its config: ${config})`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    h2: `https://127.0.0.1:${h2Port}`,
    h1: `https://127.0.0.1:${h1Port}`,
    stop: () => {
      haproxy.kill();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
