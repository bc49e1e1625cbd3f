// limits.js - the page's interpreter limit that differs from the native tigerc's.
// The worker's stack (about 1 MB in Chromium) holds about 1000 Tiger calls, not the
// native tigerc's 10000 (--max-depth's default): runs in the page pass this instead, so
// deep recursion stops with tigerc's clean call-depth error (exit 71) before the stack.
export const browserMaxDepth = 500;
