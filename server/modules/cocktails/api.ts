// JSON handlers for cocktails. (Contract stub.)
import { Router } from 'express';
import type { Services } from '../../services';

export function cocktailsApi(_services: Services): Router {
  return Router();
}
