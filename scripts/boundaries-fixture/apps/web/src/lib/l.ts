// ✗ components-lib-not-features-app (dynamic)
export const l = () => import('../app/router');
