/**
 * Where the server sends a followed verification link. The marker tells a link that worked (the
 * server adds `error` when it did not) from someone opening /auth/verify without one.
 */
export const VERIFIED_MARKER = 'verified';
export const VERIFIED_CALLBACK = `/auth/verify?${VERIFIED_MARKER}=1`;
