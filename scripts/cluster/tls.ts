import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { join } from 'node:path';

/**
 * A self-signed certificate for `host` (an address or a name) and the file HAProxy serves it from (the certificate and
 * its key in one), made once into `dir` with openssl. A client trusts `cert` (Node: NODE_EXTRA_CA_CERTS).
 */
export function selfSignedCertificate(dir: string, host: string): { cert: string; pem: string } {
  const files = { cert: join(dir, 'site.crt'), pem: join(dir, 'site.pem') };
  if (existsSync(files.pem)) return files;
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const key = join(dir, 'site.key');
  const name = isIP(host) ? `IP:${host}` : `DNS:${host}`;
  const args = ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '825', '-subj', `/CN=${host}`];
  const made = spawnSync('openssl', [...args, '-addext', `subjectAltName=${name},DNS:localhost`, '-keyout', key, '-out', files.cert], { encoding: 'utf8' });
  if (made.status !== 0) throw new Error(`openssl could not make a certificate: ${made.stderr}`);
  writeFileSync(files.pem, readFileSync(files.cert, 'utf8') + readFileSync(key, 'utf8'), { mode: 0o600 });
  rmSync(key);
  return files;
}
