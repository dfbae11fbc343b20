import type { Server } from 'node:http';
import { closeServer } from '../listen';

type Step = () => Promise<void> | void;

/**
 * What a process (or a test stack) stops, and in which order: first the protocol servers say goodbye to
 * their sockets, then the HTTP servers finish their requests, then everything else closes. In each
 * phase what started last stops first (the web server before the API it calls; Redis and the database
 * after everything that uses them). Registered as things start, so a stop during start-up closes what
 * has opened so far.
 */
export class Lifecycle {
  private readonly farewells: Step[] = [];
  private readonly servers: Server[] = [];
  private readonly closers: Step[] = [];
  private stopping: Promise<void> | undefined;

  /** False once stopping began: `/readyz` answers 503 so the load balancer stops sending work. */
  get accepting(): boolean {
    return this.stopping === undefined;
  }

  /** Runs before any server closes: a protocol server closing its sockets properly (close codes, last messages). */
  onFarewell(step: Step): void {
    this.farewells.unshift(step);
  }

  /** Closed after the farewells, letting requests in flight finish (up to the grace period). */
  addServer(server: Server): void {
    this.servers.unshift(server);
  }

  /** Runs after the servers closed. */
  onClose(step: Step): void {
    this.closers.unshift(step);
  }

  /** Stops everything once (later calls wait for the same stop); a step that fails is reported and the rest still run. */
  stop({ graceMs = 10_000, onError = (error: unknown) => console.error('close failed', error) }: { graceMs?: number; onError?: (error: unknown) => void } = {}): Promise<void> {
    this.stopping ??= (async () => {
      const run = async (step: Step) => {
        try {
          await step();
        } catch (error) {
          onError(error);
        }
      };
      for (const step of this.farewells.splice(0)) await run(step);
      for (const server of this.servers.splice(0)) await closeServer(server, graceMs);
      for (const step of this.closers.splice(0)) await run(step);
    })();
    return this.stopping;
  }
}
