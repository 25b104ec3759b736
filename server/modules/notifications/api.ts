// Notification feed JSON handlers. (Filled by the inquiries work.)
import { Router } from 'express';
import type { Services } from '../../services';

export function notificationsApi(_services: Services): Router {
  return Router();
}
