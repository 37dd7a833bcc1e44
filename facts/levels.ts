/**
 * The feature levels this product covers, first..last inclusive: the catalog has exactly one entry for each, and the
 * reference server emulates each.
 */
export const FIRST_LEVEL = 153;
export const LAST_LEVEL = 372;
