export const other = 'b';
// ✗ no-module-cycle: a → b (a.service) and b → a, through a dynamic import
export const back = () => import('../a/public');
