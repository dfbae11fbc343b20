import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { Socket } from 'node:net';
import { sleep } from '../../support/wait';

/**
 * A Redis of the test's own (`redis-server` as a child process on its own port, nothing saved to disk),
 * stopped and started again as an outage: the machine's Redis is never touched. A restart comes back
 * empty, as a Redis without persistence does.
 */
export class PrivateRedis {
  private child: ChildProcess | undefined;

  constructor(readonly port: number) {}

  static available(): boolean {
    return spawnSync('redis-server', ['--version']).status === 0;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  running(): boolean {
    return this.child !== undefined && this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Starts it; resolves once it answers PING (rejects after `timeoutMs`). */
  async start(timeoutMs = 10_000): Promise<void> {
    if (this.running()) throw new Error(`the private Redis on ${this.port} runs already`);
    const child = spawn('redis-server', ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--protected-mode', 'no'], {
      stdio: 'ignore',
    });
    this.child = child;
    const started = Date.now();
    while (!(await this.answers())) {
      if (!this.running()) throw new Error(`redis-server on ${this.port} exited at start (port taken?)`);
      if (Date.now() - started > timeoutMs) throw new Error(`redis-server on ${this.port} did not answer within ${timeoutMs} ms`);
      await sleep(50);
    }
  }

  /** Stops it at once, as a crash would (SIGKILL), and waits until it is gone. */
  async stop(): Promise<void> {
    const child = this.child;
    if (!child || !this.running()) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }

  /** Whether something on the port answers PING with PONG. */
  answers(): Promise<boolean> {
    return new Promise((resolve) => {
      const socket = new Socket();
      const done = (ok: boolean) => {
        socket.destroy();
        resolve(ok);
      };
      socket.setTimeout(500, () => done(false));
      socket.once('error', () => done(false));
      socket.once('data', (data) => done(data.toString().startsWith('+PONG')));
      socket.connect(this.port, '127.0.0.1', () => socket.write('PING\r\n'));
    });
  }
}
