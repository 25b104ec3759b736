// Collateral and events JSON handlers. (Filled by the marketing work.)
import { Router } from 'express';
import type { Services } from '../../services';

export function marketingApi(_services: Services): Router {
  return Router();
}
