// Partners' public entry: the trade network's organisations and members, and the checks an
// inquiry's conversion into a partner reuses.
export { createPartnerService, type PartnerService } from './service';
export { emailTakenOn, refusePastLicence } from './admin';
