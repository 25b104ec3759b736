// JSON handlers for the store locator. (Contract stub.)
import { Router } from 'express';
import type { Services } from '../../services';

export function storesApi(_services: Services): Router {
  return Router();
}
