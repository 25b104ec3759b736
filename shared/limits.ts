// Spec §9 constants used on both sides.
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
export const AGE_PASS_REMEMBER_DAYS = 30;
export const AGE_DENIAL_DAYS = 365;

/**
 * The largest value of an int4 column: serial ids, versions, and amounts in minor units. An id or an
 * amount past it is refused where it is parsed, not by the database.
 */
export const MAX_RECORD_ID = 2_147_483_647;
