/**
 * Why a test turns the state invariant off (`invariant: { off: reason }`), one constant per reason so that the
 * opt-outs read alike and `grep -rn "invariant: { off" suites` lists them all. CONTRIBUTING.md lists them too.
 */

/** The model-based property of the invariant itself: it compares every persona's state after each of its steps. */
export const OWN_WATCHERS = "it runs its own watchers after every step, on a throw-away organization";
