/**
 * Why a test turns the state invariant off (`invariant: { off: reason }`), one constant per reason so that the
 * opt-outs read alike and `grep -rn "invariant: { off" suites` lists them all. CONTRIBUTING.md lists them too.
 */

/** Another user's email visibility changes what the client is shown for it, and no event the spec names says so. */
export const EMAIL_VIEW_CHANGES =
  "another user changes its email_address_visibility, and the spec names no event that tells other clients their view of its email changed (the reference server sends none)";
