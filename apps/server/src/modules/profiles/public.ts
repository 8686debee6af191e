// What other modules may use of the profiles module (docs/decisions/0013): nothing yet; its
// routes are the producer's own profile, pictures, business data and export.
export {};
