import type { Router } from 'express';
import type { PageDeps } from '../gated';

export function catalogueRoutes(_router: Router, _deps: PageDeps): void {}
