/** Who made a request, as the audit trail and the sign-in records keep it (Express's `req.ip` honours TRUST_PROXY). */
interface RequestLike {
  ip?: string | undefined;
  get(name: string): string | undefined;
}

/** The caller's address, or null when Express has none. */
export const ipOf = (req: Pick<RequestLike, 'ip'>): string | null => req.ip ?? null;

/** Where a sign-in comes from: its address and browser, as its session records them. */
export const clientOf = (req: RequestLike) => ({ ip: ipOf(req), userAgent: req.get('user-agent') ?? null });
