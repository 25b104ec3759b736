// Store-locator constants the pages need without the validation library (kept out of page bundles).
import type { DistanceUnit } from './geo';

export const STORE_RADII_KM = [5, 10, 25, 50, 100, 250] as const;
export const STORE_RADII_MI = [3, 5, 10, 25, 50, 150] as const;

export const DEFAULT_RADIUS = { km: 50, mi: 25 } as const satisfies Record<DistanceUnit, number>;

export const radiusOptions = (unit: DistanceUnit): readonly number[] => (unit === 'mi' ? STORE_RADII_MI : STORE_RADII_KM);
