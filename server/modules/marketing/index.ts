// Marketing's public entry: collateral and brand events, and the wall-clock times of an event's zone.
export { createMarketingService, type MarketingService } from './service';
export { utcToZoned, zonedToUtc } from './zoned-time';
