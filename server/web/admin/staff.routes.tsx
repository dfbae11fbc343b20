import type { Router } from 'express';
import type { PageDeps } from '../gated';

export function staffRoutes(_router: Router, _deps: PageDeps): void {}
