import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { rootDir } from './paths';

/** This project's Podman settings for the machines it runs on (runc, no default ulimits): deploy/containers.conf. */
export const podmanEnv = { ...process.env, CONTAINERS_CONF: process.env.CONTAINERS_CONF ?? join(rootDir, 'deploy', 'containers.conf') };

export const hasCommand = (name: string) => spawnSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' }).status === 0;

/** Runs podman and returns its output; throws with podman's own message when it fails. */
export function podman(args: readonly string[], { quiet = true }: { quiet?: boolean } = {}): string {
  const result = spawnSync('podman', args, { env: podmanEnv, encoding: 'utf8', stdio: ['ignore', 'pipe', quiet ? 'pipe' : 'inherit'], maxBuffer: 64 * 1024 * 1024 });
  if (result.status !== 0) throw new Error(`podman ${args.slice(0, 3).join(' ')} … failed: ${(result.stderr ?? '').trim().split('\n').slice(-5).join('\n')}`);
  return result.stdout.trim();
}

/** Runs a long podman command (a build) with its output shown, resolving when it succeeds. */
export function podmanStreaming(args: readonly string[], { silent = false }: { silent?: boolean } = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('podman', args, { env: podmanEnv, stdio: ['ignore', silent ? 'ignore' : 'inherit', 'inherit'] });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`podman ${args[0]} exited with ${code}`))));
  });
}

export const containerExists = (name: string) => spawnSync('podman', ['container', 'exists', name], { env: podmanEnv }).status === 0;

export const imageExists = (name: string) => spawnSync('podman', ['image', 'exists', name], { env: podmanEnv }).status === 0;

export function containerRunning(name: string): boolean {
  if (!containerExists(name)) return false;
  return podman(['inspect', '--format', '{{.State.Running}}', name]) === 'true';
}

/** The container's main process id on this machine (0 when it is not running). */
export const containerPid = (name: string) => Number(podman(['inspect', '--format', '{{.State.Pid}}', name]));
