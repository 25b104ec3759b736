// A store as the staff Stores editor sends it: a real shop in Reykjavík, far from every demo store,
// so a nearest-stores search around it finds it alone.
import type { StoreInput } from '../../shared/schemas/stores';

export function harbourStore(over: Partial<StoreInput> = {}): StoreInput {
  return {
    name: 'Harbour Bottle Shop',
    address: 'Laugavegur 12',
    city: 'Reykjavík',
    region: null,
    postcode: '101',
    country: 'IS',
    latitude: 64.1455,
    longitude: -21.9301,
    phone: null,
    openingHours: [],
    productIds: [],
    active: true,
    ...over,
  };
}
