/**
 * Lets time pass, for the waits where passing time is the point: a lifetime or a timeout running out, or
 * a window in which nothing may happen (a second delivery, a mail that must not be sent). A wait for
 * something to happen uses `vi.waitFor` (an assertion comes true) or `vi.waitUntil` (a value turns truthy).
 */
export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
