// JSON handlers of the partners' trade catalogue (the partner area): the list and search (the
// header's suggestions use it) and one product.
import { Router } from 'express';
import { partnerCatalogQuery } from '../../../shared/schemas/partner-catalog';
import { parse } from '../../core/parse';
import { currentUser, requireApi } from '../../http/api-auth';
import type { Services } from '../../services';

export function partnerCatalogApi(services: Services): Router {
  const router = Router();
  const partner = requireApi(services, { area: 'partner' });

  router.get('/partner/catalog', partner, async (req, res) => {
    const query = parse(partnerCatalogQuery, req.query);
    res.json(await services.partnerCatalog.list((await currentUser(services, req))!, query));
  });

  router.get('/partner/catalog/:slug', partner, async (req, res) => {
    res.json({ product: await services.partnerCatalog.get((await currentUser(services, req))!, String(req.params.slug)) });
  });

  return router;
}
