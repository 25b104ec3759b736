// Marketing requests' public entry: the service, its live topic, its views' types and the collateral
// download addresses.
export {
  createMarketingRequestService,
  type MarketingRequestService,
  type PartnerCollateral,
  partnerCollateralFileUrl,
  staffCollateralFileUrl,
} from './service';
export { MARKETING_REQUEST_TOPIC, type MarketingRequestDeps } from './context';
export type { RequestDetail, RequestSummary } from './queries';
