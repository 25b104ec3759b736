// Spec §9 constants used on both sides.
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
export const AGE_PASS_REMEMBER_DAYS = 30;
export const AGE_DENIAL_DAYS = 365;
