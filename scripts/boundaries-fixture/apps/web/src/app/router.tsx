import { page } from '../features/admin/one/page'; // ✓ app composes the features

export const router = () => page;
